// Package train is what only the trainers of the nnue net use, kept out of the runtime
// package the engine links: the float network a trainer holds (FloatNet) with its
// quantisation into an nnue.Net, and the training data's shards (written by cmd/datagen,
// read by cmd/train and scripts/nnue/train.py).
package train

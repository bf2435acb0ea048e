// Package nnue is the engine's neural evaluation: an efficiently updatable
// network (NNUE) read from a small binary file, evaluated in pure Go, with
// vector assembly for the hot loops where Go allows it.
//
// # Features
//
// Each side (perspective) sees the board from its own end: ranks counted
// from its own back rank, and files mirrored left-right when its king
// stands on the right half, so that only the palace's left half and centre
// file remain. The king's square in that half palace (2 files by 3 ranks: 6
// buckets) selects one of six sets of weights. An input is then
// (king bucket, piece type, piece colour relative to the perspective, one of
// the 90 squares): 6 × 7 × 2 × 90 = 7560 inputs per perspective, of which
// only the pieces on the board (at most 32) are on.
//
// # Network
//
// The first layer (the feature transformer) sums the weight columns of the
// active inputs into an accumulator of H int16 per perspective. The
// accumulators are updated move by move (Evaluator): a quiet move turns
// one input off and one on, a capture also turns the taken piece off, and
// a king move (which always changes its own side's bucket or mirror)
// recomputes that side's accumulator from the pieces. The updates wait
// until a ply is evaluated, so moves the search takes back unevaluated
// cost nothing, and recent scores are cached by position key. Then: both
// accumulators clipped
// to [0, 1] (side to move first), a dense layer 2H → L2 with clipped ReLU,
// and a dense layer L2 → 1 whose output, times the net's OutScale, is the
// score in the engine's units (a rook about 200) from the side to move's
// point of view.
//
// # Kernels
//
// The accumulator updates and the first dense layer (2H → L2) are kernels
// (kernels.go) in pure Go, which every platform runs, and in assembly:
// AVX2 or SSE2 on amd64 (the CPU decides, through golang.org/x/sys/cpu),
// NEON on arm64. The purego build tag keeps the Go kernels only. The
// vector dense layer multiplies the clipped inputs two at a time with
// weights laid out in blocks of 8 outputs (blockHidden) and needs L2 to be
// a multiple of 8; other nets use the Go kernel. Every kernel set gives
// the same integers, so the same scores and the same search on every
// platform; the tests check that on random inputs, by fuzzing, on whole
// evaluations and with the kept net's scores.
//
// # File format (version 1), all integers little-endian
//
//	offset  size  field
//	0       8     magic "XQNNUE\x1a\n"
//	8       4     uint32 version = 1
//	12      4     uint32 feature set = 1 (the king-bucketed features above)
//	16      4     uint32 inputs = 7560
//	20      4     uint32 H, accumulator size, 8..1024, a multiple of 8
//	24      4     uint32 L2, hidden layer size, 1..256
//	28      4     int32  OutScale, score units per unit of output, 1..100000
//	32      4     uint32 n, length of the description, 0..4096
//	36      n     description (UTF-8: how the net was trained)
//	        2H    int16 feature-transformer biases            (scale 127)
//	        2·7560·H int16 feature-transformer weights, input-major (scale 127)
//	        4·L2  int32 hidden biases                          (scale 127·64)
//	        2H·L2 int8  hidden weights, row j = 2H inputs      (scale 64)
//	        4     int32 output bias                            (scale 127·1024)
//	        2·L2  int16 output weights                         (scale 1024)
//	        4     uint32 CRC-32 (IEEE) of every byte before it
//
// A float network with activations clipped to [0, 1] maps to these
// integers by the scales shown: an accumulator of 127 is 1.0, a hidden
// weight of 64 is 1.0, an output weight of 1024 is 1.0. The score is
// output · OutScale / (127 · 1024). Load refuses a file whose magic,
// version, sizes, length or checksum is wrong, with an error saying which.
//
// The trainers that write this format are cmd/train (Go, on the CPU) and
// scripts/nnue/train.py (PyTorch); cmd/datagen makes their data. What only
// they use (the float net, its quantisation, the data's shards) is in
// nnue/train, out of the package the engine links; NewNet makes a net of
// quantised weights held in memory.
package nnue

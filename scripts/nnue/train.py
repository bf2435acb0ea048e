#!/usr/bin/env python3
"""Train the engine's neural evaluation (package nnue) on a GPU with PyTorch.

The recipe is cmd/train's, in PyTorch: the same features, architecture, loss
and quantised file format (nnue/doc.go), so that either trainer's net loads in
the engine.

  data:    shards of 50-byte records from cmd/datagen (nnue/train/data.go documents
           them), read with numpy.memmap (or torch.frombuffer without numpy)
  inputs:  per perspective, king bucket (6) x piece kind (14) x square (90),
           the board seen from that side's end and mirrored when its king is on
           the right half
  net:     7560 -> H (x2 perspectives, side to move first) -> clip [0,1]
           -> L2 -> clip [0,1] -> 1
  loss:    mean (sigmoid(out) - target)^2,
           target = lambda * sigmoid(score / K) + (1 - lambda) * result
           (result 0, 0.5, 1 for the side to move), K fitted to the data
           unless --scale is given; the net's OutScale is K, so that the
           engine's score is out * K
  split:   the last --val fraction of every shard is held out; shards hold
           whole games one after another, so these are (all but one per
           shard) games the training never sees
  export:  the weights of the best validation loss, quantised (int16 first
           layer at 127, int8 hidden at 64, int16 output at 1024) with the
           header and CRC-32 Go checks

Usage:
  python3 scripts/nnue/train.py --data DIR --out net.nnue --seconds 180
"""
import argparse
import glob
import math
import os
import struct
import sys
import time
import zlib

import torch
import torch.nn as nn

try:
    import numpy as np
except ImportError:  # torch alone can read the shards, a little more slowly
    np = None

RECORD = 50
HEADER = 16
DATA_MAGIC = b"XQPOSDAT"
NET_MAGIC = b"XQNNUE\x1a\n"
BUCKETS, KINDS, SQUARES = 6, 14, 90
INPUTS = BUCKETS * KINDS * SQUARES
ACT, HIDDEN, OUTPUT = 127, 64, 1024


def log(msg, logf=None):
    line = time.strftime("%H:%M:%S ") + msg
    print(line, flush=True)
    if logf:
        logf.write(line + "\n")
        logf.flush()


def read_shard(path):
    """Returns the shard's records as a uint8 array or tensor of shape (n, 50)."""
    with open(path, "rb") as f:
        head = f.read(HEADER)
    if len(head) < HEADER or head[:8] != DATA_MAGIC:
        raise ValueError(f"{path}: not a training data shard (bad magic)")
    version, size = struct.unpack("<II", head[8:16])
    if version != 1 or size != RECORD:
        raise ValueError(f"{path}: version {version} with {size}-byte records, want 1 and {RECORD}")
    n = (os.path.getsize(path) - HEADER) // RECORD
    if n == 0:
        return None
    if np is not None:
        return np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER, shape=(n, RECORD))
    with open(path, "rb") as f:
        f.seek(HEADER)
        buf = bytearray(f.read(n * RECORD))
    return torch.frombuffer(buf, dtype=torch.uint8).reshape(n, RECORD)


def load(data_dir, val_fraction):
    """Reads every shard; returns (train, val) uint8 tensors on the CPU."""
    paths = sorted(glob.glob(os.path.join(data_dir, "**", "*.xqpos"), recursive=True))
    if not paths:
        raise SystemExit(f"no *.xqpos shards under {data_dir}")
    train, val = [], []
    for p in paths:
        a = read_shard(p)
        if a is None:
            continue
        cut = len(a) - int(len(a) * val_fraction)
        if np is not None:
            train.append(torch.from_numpy(np.ascontiguousarray(a[:cut])))
            val.append(torch.from_numpy(np.ascontiguousarray(a[cut:])))
        else:
            train.append(a[:cut])
            val.append(a[cut:])
    return torch.cat(train), torch.cat(val)


class Decoder:
    """Turns records (uint8, (n, 50), on the device) into the net's inputs."""

    def __init__(self, device):
        sq = torch.arange(SQUARES, device=device)
        self.rank, self.file = (sq // 9).unsqueeze(0), (sq % 9).unsqueeze(0)
        # square 2k is the low nibble of byte k, 2k+1 the high nibble
        self.byte = sq // 2
        self.shift = ((sq % 2) * 4).unsqueeze(0)

    def __call__(self, rec):
        rec = rec.long()
        codes = (rec[:, self.byte] >> self.shift) & 15  # (n, 90)
        stm = rec[:, 45] & 1
        result = ((rec[:, 45] >> 1) & 3).float() / 2
        score = rec[:, 46] | (rec[:, 47] << 8)
        score = torch.where(score >= 32768, score - 65536, score).float()
        occupied = codes != 0
        ptype = (codes & 7) - 1
        colour = codes >> 3
        persp = []
        for c in (0, 1):
            king = (codes == 1 + 8 * c).long().argmax(dim=1)  # the first king of colour c
            kfile, krank = king % 9, king // 9
            if c == 1:
                krank = 9 - krank
            mirror = kfile > 4
            kf = torch.where(mirror, 8 - kfile, kfile).clamp(3, 4)
            bucket = krank.clamp(0, 2) * 2 + kf - 3
            r = self.rank if c == 0 else 9 - self.rank
            f = torch.where(mirror.unsqueeze(1), 8 - self.file, self.file)
            rel = (colour != c).long()
            idx = (bucket.unsqueeze(1) * KINDS + rel * 7 + ptype) * SQUARES + r * 9 + f
            idx = torch.where(occupied, idx, torch.zeros_like(idx))
            persp.append(idx)
        w = occupied.float()
        us = torch.where(stm.unsqueeze(1) == 0, persp[0], persp[1])
        them = torch.where(stm.unsqueeze(1) == 0, persp[1], persp[0])
        return us, them, w, score, result


class Net(nn.Module):
    def __init__(self, h, l2):
        super().__init__()
        self.ft = nn.EmbeddingBag(INPUTS, h, mode="sum")
        self.ft_bias = nn.Parameter(torch.full((h,), 0.5))
        self.l1 = nn.Linear(2 * h, l2)
        self.out = nn.Linear(l2, 1)
        with torch.no_grad():  # cmd/train's initialisation
            self.ft.weight.uniform_(-1 / math.sqrt(30), 1 / math.sqrt(30))
            self.l1.weight.uniform_(-1 / math.sqrt(2 * h), 1 / math.sqrt(2 * h))
            self.l1.bias.zero_()
            self.out.weight.uniform_(-1 / math.sqrt(l2), 1 / math.sqrt(l2))
            self.out.bias.zero_()

    def forward(self, us, them, w):
        a = self.ft(us, per_sample_weights=w) + self.ft_bias
        b = self.ft(them, per_sample_weights=w) + self.ft_bias
        x = torch.clamp(torch.cat([a, b], dim=1), 0, 1)
        h = torch.clamp(self.l1(x), 0, 1)
        return self.out(h).squeeze(1)

    def clamp_weights(self):
        """Keeps the weights within what their integer types can hold."""
        with torch.no_grad():
            self.l1.weight.clamp_(-127 / HIDDEN, 127 / HIDDEN)
            self.out.weight.clamp_(-32767 / OUTPUT, 32767 / OUTPUT)
            self.ft.weight.clamp_(-32767 / ACT, 32767 / ACT)


def fit_scale(score, result):
    """The K for which sigmoid(score / K) best predicts the results."""
    best = None
    for k in range(40, 801, 10):
        err = torch.mean((torch.sigmoid(score / k) - result) ** 2).item()
        if best is None or err < best[1]:
            best = (k, err)
    return best[0]


def loss_fn(out, score, result, k, lam):
    target = lam * torch.sigmoid(score / k) + (1 - lam) * result
    return torch.mean((torch.sigmoid(out) - target) ** 2)


def quant(t, scale, lo, hi, dtype):
    q = torch.clamp(torch.round(t.detach().double().cpu() * scale), lo, hi)
    return q.to(dtype).contiguous()


def to_bytes(t):
    """Little-endian bytes of an integer tensor (x86 and ARM are little-endian)."""
    if sys.byteorder != "little":
        raise SystemExit("export needs a little-endian machine")
    if np is not None:
        return t.numpy().tobytes()
    return bytes(t.view(torch.uint8).flatten().tolist())


def export(state, h, l2, k, description, path):
    ft_w = state["ft.weight"]
    body = bytearray(NET_MAGIC)
    desc = description.encode()[:4096]
    body += struct.pack("<IIIIIiI", 1, 1, INPUTS, h, l2, int(round(k)), len(desc))
    body += desc
    body += to_bytes(quant(state["ft_bias"], ACT, -32768, 32767, torch.int16))
    body += to_bytes(quant(ft_w, ACT, -32768, 32767, torch.int16))  # (INPUTS, h): input-major
    body += to_bytes(quant(state["l1.bias"], ACT * HIDDEN, -2**31, 2**31 - 1, torch.int32))
    body += to_bytes(quant(state["l1.weight"], HIDDEN, -128, 127, torch.int8))  # (l2, 2h)
    body += to_bytes(quant(state["out.bias"], ACT * OUTPUT, -2**31, 2**31 - 1, torch.int32))
    body += to_bytes(quant(state["out.weight"], OUTPUT, -32768, 32767, torch.int16))
    body += struct.pack("<I", zlib.crc32(bytes(body)) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(body)
    return len(body)


def evaluate(model, dec, val, k, lam, batch):
    model.eval()
    total, n = 0.0, 0
    with torch.no_grad():
        for i in range(0, len(val), batch):
            us, them, w, score, result = dec(val[i:i + batch])
            total += loss_fn(model(us, them, w), score, result, k, lam).item() * len(score)
            n += len(score)
    model.train()
    return total / max(n, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="directory of *.xqpos shards (searched recursively)")
    ap.add_argument("--out", required=True, help="net file to write")
    ap.add_argument("--log", help="also write the log here")
    ap.add_argument("--hidden", type=int, default=128, help="accumulator size H (multiple of 8)")
    ap.add_argument("--l2", type=int, default=16, help="hidden layer size")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.75, help="weight of the score against the result")
    ap.add_argument("--scale", type=float, default=0, help="K of sigmoid(score/K); 0 fits it to the data")
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seconds", type=float, default=180, help="training time")
    ap.add_argument("--epochs", type=float, default=0, help="stop after this many epochs too (0: time only)")
    ap.add_argument("--val", type=float, default=0.03, help="fraction of each shard held out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = ap.parse_args()
    if args.hidden % 8 or not 8 <= args.hidden <= 1024 or not 1 <= args.l2 <= 256:
        raise SystemExit("--hidden must be a multiple of 8 in 8..1024 and --l2 in 1..256")

    logf = open(args.log, "a") if args.log else None
    torch.manual_seed(args.seed)
    dev = torch.device(args.device)
    t0 = time.time()
    train, val = load(args.data, args.val)
    if len(train) == 0 or len(val) == 0:
        raise SystemExit(f"too little data: {len(train)} training and {len(val)} validation positions")
    train, val = train.to(dev), val.to(dev)
    log(f"data: {len(train)} training and {len(val)} validation positions, read in {time.time() - t0:.1f} s, "
        f"device {dev}{' ' + torch.cuda.get_device_name(dev) if dev.type == 'cuda' else ''}", logf)
    dec = Decoder(dev)
    _, _, _, s, r = dec(train[: min(len(train), 1 << 20)])
    k = args.scale or fit_scale(s, r)
    log(f"scale K = {k} ({'fitted' if not args.scale else 'given'}), mean result {r.mean().item():.3f}, "
        f"mean |score| {s.abs().mean().item():.1f}", logf)

    model = Net(args.hidden, args.l2).to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    best = (float("inf"), None, 0)
    step, seen, last_val = 0, 0, time.time()
    start = time.time()
    val_every = max(args.seconds / 20, 2)
    while True:
        elapsed = time.time() - start
        epochs = seen / len(train)
        done = elapsed >= args.seconds or (args.epochs and epochs >= args.epochs)
        if done or time.time() - last_val >= val_every:
            v = evaluate(model, dec, val, k, args.lam, 1 << 16)
            if v < best[0]:
                best = (v, {n: t.detach().clone() for n, t in model.state_dict().items()}, step)
            log(f"step {step} epoch {epochs:.2f} lr {opt.param_groups[0]['lr']:.2e} "
                f"train {train_loss:.6f} val {v:.6f}" if step else f"step 0 val {v:.6f}", logf)
            last_val = time.time()
        if done:
            break
        # cosine decay over the time budget, to a tenth
        frac = min(elapsed / args.seconds, 1)
        for g in opt.param_groups:
            g["lr"] = args.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * frac)))
        idx = torch.randint(0, len(train), (args.batch,), device=dev)
        us, them, w, score, result = dec(train[idx])
        loss = loss_fn(model(us, them, w), score, result, k, args.lam)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        model.clamp_weights()
        step += 1
        seen += args.batch
        train_loss = loss.item() if step % 50 == 0 or step == 1 else train_loss
    if best[1] is None:  # no finite validation loss: export the last weights
        best = (float("nan"), model.state_dict(), step)
    desc = (f"train.py: {len(train)} positions, H={args.hidden} L2={args.l2} lambda={args.lam} K={k} "
            f"batch={args.batch} lr={args.lr} {step} steps, best val {best[0]:.6f} at step {best[2]}")
    size = export(best[1], args.hidden, args.l2, k, desc, args.out)
    log(f"wrote {args.out} ({size} bytes): {desc}", logf)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The same MLP training as mlp_training.cpp, in PyTorch on the CPU (float32), against the program's losses.

    /usr/bin/python3 torch_check.py OUTPUT [OUTPUT ...]

Each OUTPUT is a file with what mlp_training prints (expected_output.txt, which the test
acceptance_example_mlp_training proves is the program's output in every product profile, or a run's own
output). The script rebuilds the data and the initial parameters from the program's LCG (exact binary
fractions, so bit for bit the program's), trains nn.Linear(8, 32) -> ReLU -> nn.Linear(32, 4) with
F.mse_loss (mean) and torch.optim.SGD(lr=0.05) for 20 steps, evaluates the final loss, and requires every
printed loss to agree with PyTorch's within a relative 1e-4 (the community precision standard's float32
threshold) plus half a unit of the printed sixth decimal (the printing's own rounding). The file must have
exactly the program's lines: 20 "step %2d loss %.6f" lines and "final loss after 20 steps %.6f".
Prints the maximum relative difference; exits 1 on any disagreement or a malformed file.
"""
import re
import sys

import numpy as np
import torch
import torch.nn.functional as F

BATCH, IN, HIDDEN, OUT = 16, 8, 32, 4
STEPS, LR = 20, 0.05
SEED = 20240611
RTOL = 1e-4
PRINT_HALF_UNIT = 0.5e-6


class Lcg:
    def __init__(self, state):
        self.state = state

    def next(self, scale):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        k = (self.state >> 8) - (1 << 23)
        return np.float32(np.float32(k) / np.float32(8388608.0) * np.float32(scale))

    def fill(self, shape, scale):
        n = int(np.prod(shape))
        return np.array([self.next(scale) for _ in range(n)], dtype=np.float32).reshape(shape)


def torch_losses():
    lcg = Lcg(SEED)
    w1 = lcg.fill((HIDDEN, IN), 0.5)
    b1 = lcg.fill((HIDDEN,), 0.5)
    w2 = lcg.fill((OUT, HIDDEN), 0.25)
    b2 = lcg.fill((OUT,), 0.25)
    x = lcg.fill((BATCH, IN), 1.0)
    target = np.empty((BATCH, OUT), dtype=np.float32)
    for i in range(BATCH):
        r = x[i].astype(np.float64)
        for j in range(OUT):
            target[i, j] = np.float32(r[2 * j] * r[2 * j + 1] + 0.5 * r[(2 * j + 3) % IN])

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(IN, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, OUT))
    with torch.no_grad():
        model[0].weight.copy_(torch.from_numpy(w1))
        model[0].bias.copy_(torch.from_numpy(b1))
        model[2].weight.copy_(torch.from_numpy(w2))
        model[2].bias.copy_(torch.from_numpy(b2))
    opt = torch.optim.SGD(model.parameters(), lr=LR)
    xt, tt = torch.from_numpy(x), torch.from_numpy(target)
    losses = []
    for _ in range(STEPS):
        opt.zero_grad()
        loss = F.mse_loss(model(xt), tt, reduction="mean")
        loss.backward()
        opt.step()
        losses.append(loss.item())
    with torch.no_grad():
        final = F.mse_loss(model(xt), tt, reduction="mean").item()
    return losses, final


def parse(path):
    with open(path) as f:
        lines = f.read().splitlines()
    if len(lines) != STEPS + 1:
        raise ValueError("%s: %d lines, expected %d" % (path, len(lines), STEPS + 1))
    losses = []
    for n, line in enumerate(lines[:STEPS], 1):
        m = re.fullmatch(r"step +(\d+) loss (-?\d+\.\d{6})", line)
        if m is None or int(m.group(1)) != n or line != "step %2d loss %s" % (n, m.group(2)):
            raise ValueError("%s line %d: %r is not 'step %2d loss %%.6f'" % (path, n, line, n))
        losses.append(float(m.group(2)))
    m = re.fullmatch(r"final loss after %d steps (-?\d+\.\d{6})" % STEPS, lines[STEPS])
    if m is None:
        raise ValueError("%s line %d: %r is not the final loss line" % (path, STEPS + 1, lines[STEPS]))
    return losses, float(m.group(1))


def main(paths):
    if not paths:
        print(__doc__)
        return 2
    torch.set_num_threads(1)
    ref, ref_final = torch_losses()
    ok = True
    for path in paths:
        try:
            got, got_final = parse(path)
        except ValueError as e:
            print("FAIL", e)
            ok = False
            continue
        worst = 0.0
        for label, g, r in [("step %2d" % (i + 1), g, r) for i, (g, r) in enumerate(zip(got, ref))] + [
                ("final", got_final, ref_final)]:
            rel = abs(g - r) / abs(r)
            worst = max(worst, rel)
            if not abs(g - r) <= RTOL * abs(r) + PRINT_HALF_UNIT:
                print("FAIL %s %s: printed %.6f, PyTorch %.9g, relative difference %.3g" % (path, label, g, r, rel))
                ok = False
        print("%s: 20 step losses and the final loss against PyTorch %s: max relative difference %.3g "
              "(PyTorch's final loss %.9g)" % (path, torch.__version__, worst, ref_final))
    print("PASS" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""A small convolutional detector of generator traces for the pixel AI-image signal: a study.

Trains and measures (leave-family-out) a ~0.15 M-parameter network on the data of
scripts/data/train-ai-signal.ts: `../shared/datasets/ai-real` read in place, the same Debian
wallpaper crops, plus training-only real photos from two more Debian wallpaper packages and an
optional auxiliary "generated" class of synthetic up-sampling traces made from the training folds'
real crops. What the literature says works on little data (SAFE, NPR): native-resolution crops,
never resizes; a fixed Haar wavelet front end (detail bands only, so the network reads the
neighbouring-pixel relations that up-sampling layers leave); strong augmentation on both sides
(JPEG q60-95 with 4:2:0 or 4:4:4 chroma, resize 0.5-1.0x then JPEG, flips), so format and size
cannot be learnt; StyleGAN2 faces weighted down.

Figures are out-of-fold: the 21 repository groups of the probe's script (repositories sharing a
generator family are one group) are dealt into K fold groups; each is scored by a model trained
without it. Variants: original (= metadata stripped), JPEG q60-95, re-encoded as its source would
be to 1080 px then JPEG q80 4:2:0. Threshold: <= 2% of held-out real (original) above it.

Seeded and deterministic on one thread. CPU only, a few minutes per model:
  nice -n 10 python3 scripts/data/train_ai_signal_net.py [--folds 5] [--epochs 12] [--no-aux]
Writes /tmp/ai-signal-net/oof-<tag>.json (per-patch held-out logits and the figures) and, with
--export PATH, the model trained on every repository as JSON weights (BN folded) for tfjs.
"""
import argparse
import base64
import io
import json
import math
import os
import random
import re
import sys
import time

import numpy as np
from PIL import Image

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.abspath(os.path.join(HERE, '../..'))
DATA = os.path.abspath(os.environ.get('AI_REAL_DIR', os.path.join(REPO_ROOT, '../shared/datasets/ai-real')))
NONROOM = os.environ.get('NONROOM_SRC', '/tmp/optiq-nonroom')
EXTRA_REAL = os.environ.get('EXTRA_REAL_SRC', '/tmp/pixel-real')
OUT_DIR = '/tmp/ai-signal-net'
STUDY_OUT = os.path.join(REPO_ROOT, 'src/server/vision/authenticity/ai-trace-net.study.json')
SEED = 27
TARGET_FPR = 0.02
BAR = {'recall': 0.5, 'false_positive_rate': 0.03}
STYLEGAN_SHARE = 0.15

# The Debian wallpaper photos of train-ai-signal.ts (evaluated, one fold per package).
DEBIAN_PHOTOS = [
    ('mate-backgrounds', 'usr/share/backgrounds/mate/nature', [
        (f + '.jpg', 'GPL-2+') for f in ['Aqua', 'Blinds', 'Dune', 'FreshFlower', 'Garden', 'GreenMeadow',
                                         'LadyBird', 'RainDrops', 'Storm', 'TwoWings', 'Wood', 'YellowFlower']]),
    ('lomiri-wallpapers-16.04', 'usr/share/backgrounds', [
        ('Bridge_by_Sander_Klootwijk.jpg', 'CC-BY-SA-4.0'), ('Dragonfly_by_Bolly.jpg', 'CC-BY-SA-4.0'),
        ('Picture_0B_by_freespace.jpg', 'CC-BY-4.0'), ('Picture_1A_by_freespace.jpg', 'CC-BY-4.0'),
        ('Wine_by_Jakkub_Mede.jpg', 'CC-BY-4.0'), ('aitzgorri_by_Aitzol_Berasategi.jpg', 'CC-BY-4.0'),
        ('free_by_Peter_Nerlich.jpg', 'CC-BY-SA-4.0'), ('friends_by_Aitzol_Berasategi.jpg', 'CC-BY-4.0'),
        ('greentock_by_Peter_Nerlich.jpg', 'CC-BY-SA-4.0'), ('life_by_Aitzol_Berasategi.jpg', 'CC-BY-4.0'),
        ('picosdeeuropa_by_Aitzol_Berasategi.jpg', 'CC-BY-4.0'),
        ('seeding_by_Clements_Engelhardt.jpg', 'CC0-1.0'), ('sunset_by_Aitzol_Berasategi.jpg', 'CC-BY-4.0'),
        ('umang_by_Abhishek_Mudgal.jpg', 'CC-BY-4.0')]),
]
# Training-only real photos (never scored): every JPEG of these packages, `apt-get download` +
# `dpkg-deb -x` into EXTRA_REAL/<package>/root. Licences from their Debian copyright files.
EXTRA_PACKAGES = {'ukui-wallpapers': 'CC-BY-SA-3.0', 'lomiri-wallpapers-20.04': 'CC-BY-SA-4.0 / CC-BY-4.0'}
# With --more-real: camera photos of three more packages (GPL-2+ per each Debian copyright file's
# `Files: *`): the photographic KDE Plasma wallpapers, KPhotoAlbum's demo album (people, pets,
# places) and Palapeli's puzzle photos. Crops per photo scale with its area (2 to 12).
MORE_REAL = {
    'plasma-workspace-wallpapers': ('GPL-2+', [
        f'usr/share/wallpapers/{n}/contents/images/2560x1600.jpg' for n in
        ['BytheWater', 'ColdRipple', 'ColorfulCups', 'DarkestHour', 'EveningGlow', 'FallenLeaf', 'Grey',
         'OneStandsOut', 'Path', 'summer_1am']]),
    'kphotoalbum': ('GPL-2+', [f'usr/share/kphotoalbum/demo/{n}.jpg' for n in [
        'bar55', 'bar55_2', 'blackie', 'cold_water', 'donna', 'donna_2', 'grand_canyon_1', 'grand_canyon_2',
        'grand_canyon_3', 'jesper', 'jesper_2', 'new_wave_1', 'new_wave_2', 'pool', 'pool_2', 'skagen', 'skagen_2',
        'snow', 'spiff', 'spiff_2', 'sunset', 'wayne']]),
    'palapeli-data': ('GPL-2+', [f'usr/share/palapeli/collection/{n}.jpg' for n in [
        'castle-maintenon', 'cincinnati-bridge', 'citrus-fruits', 'european-honey-bee', 'panther-chameleon-female']]),
}

FAMILY_RULES = [
    (r'StyleGAN2', 'StyleGAN2'), (r'Kolors', 'Kolors'), (r'SDXL', 'SDXL'),
    (r'Stable Diffusion 2', 'Stable Diffusion 2.x'), (r'SD1\.5', 'Stable Diffusion 1.5'), (r'FLUX', 'FLUX.1'),
    (r'Hunyuan', 'HunyuanDiT'), (r'OmniGen', 'OmniGen'), (r'DeepFloyd', 'DeepFloyd IF'),
    (r'Cascade', 'Stable Cascade'), (r'Midjourney', 'Midjourney'), (r'Qwen', 'Qwen-Image')]


def family(generator):
    for pat, name in FAMILY_RULES:
        if re.search(pat, generator, re.I):
            return name
    return generator


def crop_plan(width, height, max_crops=4):
    """pixel-features.ts cropPlan: 256/128/64 px crops at the quadrant centres, on the 8 px grid."""
    size = next((s for s in (256, 128, 64) if s <= width and s <= height), None)
    if size is None:
        return None

    def snap(v, limit):
        return max(0, min(limit - size, int(math.floor(v / 8)) * 8))

    def at(cx, cy):
        return (snap(cx - size / 2, width), snap(cy - size / 2, height), size)

    if max_crops == 1 or width < 2 * size or height < 2 * size:
        return [at(width / 2, height / 2)]
    return [at(width * fx, height * fy) for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))]


def rgb(img):
    return np.asarray(img.convert('RGB'), dtype=np.uint8)


def load_patches(more_real=False):
    """Evaluated patches (dataset + Debian quadrant crops) and training-only extra real crops."""
    manifest = json.load(open(os.path.join(DATA, 'manifest.json')))
    patches = []
    for m in manifest['images']:
        patches.append({
            'id': m['file'], 'label': m['label'], 'generator': m.get('generator'), 'repo': m['repo'],
            'src': (m['source']['width'], m['source']['height']),
            'px': rgb(Image.open(os.path.join(DATA, m['file']))), 'eval': True, 'extra': []})
    for pkg, d, files in DEBIAN_PHOTOS:
        for f, _lic in files:
            im = Image.open(os.path.join(NONROOM, pkg, 'root', d, f))
            w, h = im.size
            full = rgb(im)
            # Extra training crops from the same photo (same fold): a 3x3 grid of 256 px.
            extra = [full[y:y + 256, x:x + 256] for y in np.linspace(0, h - 256, 3).astype(int)
                     for x in np.linspace(0, w - 256, 3).astype(int)]
            for i, (x, y, s) in enumerate(crop_plan(w, h)):
                patches.append({'id': f'{pkg}:/{d}/{f}#{x},{y}', 'label': 'real', 'generator': None,
                                'repo': f'debian:{pkg}', 'src': (w, h), 'px': full[y:y + s, x:x + s].copy(),
                                'eval': True, 'extra': [e.copy() for e in extra[i * 2:i * 2 + 2]]})
    rng = np.random.RandomState(SEED)
    for pkg in sorted(EXTRA_PACKAGES):
        root = os.path.join(EXTRA_REAL, pkg, 'root')
        if not os.path.isdir(root):
            print(f'(no {root}: skipping extra real photos of {pkg})')
            continue
        files = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(root) for f in fs
                       if f.lower().endswith(('.jpg', '.jpeg')))
        for path in files:
            full = rgb(Image.open(path))
            h, w = full.shape[:2]
            if min(w, h) < 512:
                continue
            for _ in range(12):
                x, y = rng.randint(0, w - 256), rng.randint(0, h - 256)
                patches.append({'id': f'{pkg}:{os.path.relpath(path, root)}#{x},{y}', 'label': 'real',
                                'generator': None, 'repo': f'debian:{pkg}', 'src': (w, h),
                                'px': full[y:y + 256, x:x + 256].copy(), 'eval': False, 'extra': []})
    for pkg in sorted(MORE_REAL) if more_real else []:
        for f in MORE_REAL[pkg][1]:
            full = rgb(Image.open(os.path.join(EXTRA_REAL, pkg, 'root', f)))
            h, w = full.shape[:2]
            for _ in range(int(min(12, max(2, round(w * h / 400000))))):
                x, y = rng.randint(0, w - 256), rng.randint(0, h - 256)
                patches.append({'id': f'{pkg}:{f}#{x},{y}', 'label': 'real', 'generator': None,
                                'repo': f'debian:{pkg}', 'src': (w, h),
                                'px': full[y:y + 256, x:x + 256].copy(), 'eval': False, 'extra': []})
    return patches


def repo_groups(patches):
    """train-ai-signal.ts foldsOf: repositories sharing a generator family are one group."""
    parent = {}

    def find(a):
        while parent.get(a, a) != a:
            a = parent[a]
        return a

    fam_repo = {}
    for p in sorted(patches, key=lambda p: p['repo']):
        parent.setdefault(p['repo'], p['repo'])
        if p['label'] != 'ai':
            continue
        f = family(p['generator'])
        first = fam_repo.setdefault(f, p['repo'])
        if find(first) != find(p['repo']):
            parent[find(p['repo'])] = find(first)
    return {r: find(r) for r in parent}


def fold_groups(patches, groups, k):
    """Deals the repository groups into k folds, balancing AI then real counts (deterministic)."""
    stats = {}
    for p in patches:
        if not p['eval']:
            continue
        g = groups[p['repo']]
        a, r = stats.get(g, (0, 0))
        stats[g] = (a + (p['label'] == 'ai'), r + (p['label'] == 'real'))
    fold_of, load = {}, [[0, 0] for _ in range(k)]
    for g in sorted(stats, key=lambda g: (-stats[g][0], -stats[g][1], g)):
        a, r = stats[g]
        j = min(range(k), key=lambda j: (load[j][0] if a else load[j][1], load[j][0] + load[j][1], j))
        fold_of[g] = j
        load[j][0] += a
        load[j][1] += r
    return fold_of


# ---------------------------------------------------------------- augmentation and variants

def jpeg(px, quality, subsampling):
    buf = io.BytesIO()
    Image.fromarray(px).save(buf, format='JPEG', quality=int(quality), subsampling=subsampling)
    return rgb(Image.open(io.BytesIO(buf.getvalue())))


RESAMPLE = [Image.BILINEAR, Image.BICUBIC, Image.LANCZOS]


def resize(px, size, method=Image.LANCZOS):
    return rgb(Image.fromarray(px).resize((size, size), method))


def synthetic_upsample(px, r):
    """An auxiliary 'generated' crop: down-sample 2x, then 2x up-sampling that leaves periodic traces."""
    s = px.shape[0]
    small = resize(px, s // 2, Image.BOX if r.random() < 0.5 else Image.BILINEAR)
    kind = r.randrange(3)
    if kind < 2:
        return resize(small, s, [Image.NEAREST, Image.BILINEAR][kind])
    # Transposed-convolution style: zero-insertion then a fixed 4x4 smoothing kernel (checkerboard).
    x = torch.from_numpy(small.astype(np.float32)).permute(2, 0, 1)[None]
    k = torch.tensor([0.25, 0.75, 0.75, 0.25])
    k = (k[:, None] * k[None, :]).expand(3, 1, 4, 4).contiguous()
    k = k * torch.tensor([1.0, 0.9, 1.1]).view(3, 1, 1, 1)  # uneven channel gains, as a learnt layer has
    up = F.conv_transpose2d(x, k, stride=2, padding=1, groups=3)
    return up[0].permute(1, 2, 0).clamp(0, 255).round().byte().numpy()


def augment(px, r):
    """Training view: optional resize 0.5-1.0x, JPEG q60-95 (4:2:0 or 4:4:4), flips."""
    if r.random() < 0.4:
        s = max(128, int(round(px.shape[0] * r.uniform(0.5, 1.0))))
        px = resize(px, s, r.choice(RESAMPLE))
        if r.random() < 0.85:
            px = jpeg(px, r.randint(70, 95), 2 if r.random() < 0.7 else 0)
    elif r.random() < 0.65:
        px = jpeg(px, r.randint(60, 95), 2 if r.random() < 0.7 else 0)
    if r.random() < 0.5:
        px = px[:, ::-1]
    if r.random() < 0.5:
        px = px[::-1]
    return px


def random_crop(px, size, r, align=1):
    """A random size x size crop whose offsets are multiples of `align` (8: the JPEG and test crops' grid)."""
    h, w = px.shape[:2]
    y = r.randint(0, (h - size) // align) * align
    x = r.randint(0, (w - size) // align) * align
    return px[y:y + size, x:x + size]


def reencode_1080_q80(px, src):
    """What a social-media upload does to a crop: its source scaled to 1080 px on the long side (never up), JPEG q80 4:2:0."""
    w = px.shape[1]
    size = max(64, int(round(w * min(1.0, 1080 / max(src)))))
    return jpeg(px if size == w else resize(px, size), 80, 2)


def variant(p, name, r):
    px = p['px']
    if name == 'original':
        return px
    if name == 'jpeg_q60_95':
        return jpeg(px, 60 + int(r.random() * 36), 2 if r.random() < 0.7 else 0)
    if name == 'reencoded_1080_q80':
        return reencode_1080_q80(px, p['src'])
    raise ValueError(name)


VARIANTS = ['original', 'jpeg_q60_95', 'reencoded_1080_q80']

# ---------------------------------------------------------------- the network

HAAR = torch.tensor([
    [[1, -1], [1, -1]],   # horizontal detail
    [[1, 1], [-1, -1]],   # vertical detail
    [[1, -1], [-1, 1]],   # diagonal detail
], dtype=torch.float32) / 2.0


class TraceNet(nn.Module):
    """Fixed Haar detail bands (stride 2, 9 channels) -> five 3x3 conv/BN/ReLU -> mean pool -> logit."""

    WIDTHS = [(9, 32, 1), (32, 32, 2), (32, 64, 2), (64, 64, 2), (64, 128, 2)]

    def __init__(self, front=None):
        super().__init__()
        self.front = front
        if front == 'rgb':
            # A learnable linear front end on raw RGB beside the Haar bands (every phase, not only 2x2 blocks).
            self.rgb = nn.Conv2d(3, 16, 4, 2, 1, bias=False)
            self.WIDTHS = [(25, 32, 1)] + self.WIDTHS[1:]
        w = torch.zeros(9, 3, 2, 2)
        for c in range(3):
            for b in range(3):
                w[c * 3 + b, c] = HAAR[b]
        self.register_buffer('haar', w * 8.0)  # detail bands of 0-1 pixels are small: scale up
        self.convs = nn.ModuleList(nn.Conv2d(i, o, 3, s, 1, bias=False) for i, o, s in self.WIDTHS)
        self.bns = nn.ModuleList(nn.BatchNorm2d(o) for _, o, _ in self.WIDTHS)
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(self.WIDTHS[-1][1], 1)

    def forward(self, x):  # x: N,3,H,W in 0..1
        return self.fc(self.drop(self.features(x).mean((2, 3))))[:, 0]

    def logit_map(self, x):
        """The logit of every position of the last map (its mean is forward's logit)."""
        return torch.einsum('nchw,c->nhw', self.features(x), self.fc.weight[0]) + self.fc.bias[0]

    def features(self, x):
        h = F.conv2d(x, self.haar, stride=2)
        if self.front == 'rgb':
            h = torch.cat([h, self.rgb(x - 0.5) * 8.0], 1)
        for conv, bn in zip(self.convs, self.bns):
            h = F.relu(bn(conv(h)))
        return h


def to_tensor(batch):
    return torch.from_numpy(np.stack([np.ascontiguousarray(b) for b in batch]).astype(np.float32) / 255.0).permute(0, 3, 1, 2)


def train_model(train, args, tag):
    torch.manual_seed(SEED)
    r = random.Random(SEED)
    model = TraceNet(args.front)
    real = [p for p in train if p['label'] == 'real']
    gan = [p for p in train if p['label'] == 'ai' and 'StyleGAN2' in p['generator']]
    other = [p for p in train if p['label'] == 'ai' and 'StyleGAN2' not in p['generator']]
    aux = args.aux if args.with_aux else 0.0
    pools = [(real, 0.5, 0), (other, 0.5 * (1 - aux) * (1 - STYLEGAN_SHARE), 1),
             (gan, 0.5 * (1 - aux) * STYLEGAN_SHARE, 1), (real, 0.5 * aux, 2)]
    pools = [p for p in pools if p[0] and p[1] > 0]
    probs = np.array([p[1] for p in pools])
    probs /= probs.sum()
    sources = [p['src'] for p in train if p['eval']]
    steps = args.epochs * args.steps
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.wd)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.15)
    started = time.time()
    model.train()
    for step in range(steps):
        xs, ys = [], []
        for _ in range(args.batch):
            pool, _, kind = pools[int(np.searchsorted(np.cumsum(probs), r.random(), side='right').clip(0, len(pools) - 1))]
            p = pool[r.randrange(len(pool))]
            px = p['px'] if not p['extra'] or r.random() < 0.5 else p['extra'][r.randrange(len(p['extra']))]
            if kind == 2:
                px = synthetic_upsample(px, r)
            if args.reencode and r.random() < args.reencode:
                # 'source': as the patch's own source would be scaled (real photos, mostly larger, end up
                # smaller: a size cue); 'any': the source size of a patch drawn from either side.
                src = p['src'] if args.reencode_scale == 'source' else sources[r.randrange(len(sources))]
                px = reencode_1080_q80(px, src)
                if r.random() < 0.5:
                    px = px[:, ::-1]
            else:
                px = augment(px, r)
            # Re-encoded crops can be smaller than the crop: they go in a batch of 64 px crops of their own.
            px = random_crop(px, args.crop if min(px.shape[:2]) >= args.crop else 64, r, args.align)
            xs.append(px)
            ys.append(1.0 if kind else 0.0)
        sizes = sorted({x.shape[0] for x in xs})
        logits = torch.cat([model(to_tensor([x for x in xs if x.shape[0] == s])) for s in sizes])
        targets = torch.tensor([y for s in sizes for x, y in zip(xs, ys) if x.shape[0] == s])
        loss = F.binary_cross_entropy_with_logits(logits, targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if (step + 1) % args.steps == 0:
            print(f'  [{tag}] epoch {(step + 1) // args.steps}/{args.epochs} loss {loss.item():.3f} '
                  f'({time.time() - started:.0f} s)', flush=True)
    model.eval()
    return model


@torch.no_grad()
def score(model, px):
    return float(model(to_tensor([px]))[0])


# ---------------------------------------------------------------- figures

def auc(pos, neg):
    pos, neg = np.asarray(pos), np.asarray(neg)
    order = np.argsort(np.concatenate([pos, neg]), kind='mergesort')
    ranks = np.empty(len(order))
    allv = np.concatenate([pos, neg])[order]
    i = 0
    while i < len(allv):  # average ranks of ties
        j = i
        while j + 1 < len(allv) and allv[j + 1] == allv[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return float((ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def sigmoid(z):
    return 1 / (1 + np.exp(-np.asarray(z, dtype=np.float64)))


def rate(flags):
    n = len(flags)
    k = int(sum(flags))
    return {'value': round(k / n, 4) if n else 0, 'successes': k, 'trials': n}


def figures(evalp, oof):
    """The probe script's figures from held-out logits: threshold at <= 2% real, per variant/family/source."""
    def logits(v, pred):
        return [oof[p['id']][v] for p in evalp if pred(p)]

    is_ai = lambda p: p['label'] == 'ai'
    is_real = lambda p: p['label'] == 'real'
    real = sorted(sigmoid(logits('original', is_real)), reverse=True)
    k = int(math.floor(TARGET_FPR * len(real)))
    threshold = round(float((real[k - 1] + real[k]) / 2), 4)
    flag = lambda v, pred: rate([s >= threshold for s in sigmoid(logits(v, pred))])
    variants = {v: {'recall': flag(v, is_ai), 'false_positive_rate': flag(v, is_real)} for v in VARIANTS}
    variants['stripped'] = dict(variants['original'])
    out = {
        'auc': {v: round(auc(logits(v, is_ai), logits(v, is_real)), 4) for v in VARIANTS},
        'auc_without_stylegan2': round(auc(logits('original', lambda p: is_ai(p) and 'StyleGAN2' not in p['generator']),
                                           logits('original', is_real)), 4),
        'threshold': threshold, 'variants': variants,
        'per_family': {}, 'per_real_repository': {},
    }
    for f in sorted({family(p['generator']) for p in evalp if is_ai(p)}):
        pred = lambda p, f=f: is_ai(p) and family(p['generator']) == f
        out['per_family'][f] = {'repositories': sorted({p['repo'] for p in evalp if pred(p)}),
                                **{v: flag(v, pred) for v in VARIANTS},
                                'auc': round(auc(logits('original', pred), logits('original', is_real)), 4)}
    for repo in sorted({p['repo'] for p in evalp if is_real(p)}):
        pred = lambda p, repo=repo: is_real(p) and p['repo'] == repo
        out['per_real_repository'][repo] = {v: flag(v, pred) for v in VARIANTS}
    ok = all(x['recall']['value'] >= BAR['recall'] and x['false_positive_rate']['value'] <= BAR['false_positive_rate']
             for x in variants.values())
    out['reaches_bar'] = ok
    return out


def summary(fig):
    lines = [f"AUC {fig['auc']} (without StyleGAN2 {fig['auc_without_stylegan2']}), threshold {fig['threshold']}"]
    for v, x in fig['variants'].items():
        lines.append(f"  {v}: recall {x['recall']['value']:.3f} ({x['recall']['successes']}/{x['recall']['trials']}), "
                     f"FP {x['false_positive_rate']['value']:.3f} ({x['false_positive_rate']['successes']}/{x['false_positive_rate']['trials']})")
    for f, x in fig['per_family'].items():
        lines.append(f"  {f}: AUC {x['auc']}, original {x['original']['successes']}/{x['original']['trials']}, "
                     f"re-encoded {x['reencoded_1080_q80']['successes']}/{x['reencoded_1080_q80']['trials']}")
    return '\n'.join(lines)


# ---------------------------------------------------------------- export

def f32(t):
    """A tensor's values as base64 of little-endian float32 (exact, a third of the JSON of decimals)."""
    return base64.b64encode(t.detach().contiguous().numpy().astype('<f4').tobytes()).decode('ascii')


def export(model, path, probes):
    """Weights with BN folded into each conv (HWIO, as tfjs conv2d takes), and probe outputs."""
    layers = []
    for conv, bn, (_, _, stride) in zip(model.convs, model.bns, TraceNet.WIDTHS):
        g = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        w = (conv.weight * g[:, None, None, None]).permute(2, 3, 1, 0)
        b = bn.bias - bn.running_mean * g
        layers.append({'stride': stride, 'shape': list(w.shape), 'w': f32(w), 'b': f32(b)})
    doc = {'model': 'optiq-trace-net',
           'about': 'Written by scripts/data/train_ai_signal_net.py --export (npm run train:ai-signal). Input: RGB 0-1; '
                    'Haar detail bands x8 (2x2, stride 2; per colour h, v, d); 3x3 convs (BN folded, pad 1) with ReLU; '
                    'mean over the map; linear logit. Weights: base64 float32 little-endian, conv filters HWIO.',
           'layers': layers, 'fc': {'w': f32(model.fc.weight[0]), 'b': float(model.fc.bias[0])},
           'probes': probes}
    with open(path, 'w') as fh:
        json.dump(doc, fh, indent=1)
        fh.write('\n')


def probe_image(kind, size):
    """Fixed test inputs both sides can make without storing images."""
    y, x, c = np.meshgrid(np.arange(size), np.arange(size), np.arange(3), indexing='ij')
    if kind == 0:
        v = (x * 7 + y * 13 + c * 29) % 256
    else:
        v = (x * x * 3 + y * 5 + (x ^ y) * 11 + c * 53) % 256
    return v.astype(np.uint8)


def platt(logits, labels):
    """Platt fit (a, b) with the two classes weighted equally, as the probe's script does."""
    z = np.asarray(logits, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    w = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum()))
    a, b = 1.0, 0.0
    for _ in range(3000):
        g = (sigmoid(a * z + b) - y) * w
        a -= 0.5 * float((g * z).sum())
        b -= 0.5 * float(g.sum())
    return a, b


def combine(evalp, net_oof, v2_path):
    """Held-out figures of the probe (v2), the network, and the mean of their calibrated logits."""
    v2 = {}
    view_of = {'original': 'original', 'jpeg_q60_95': 'aug_jpeg', 'reencoded_1080_q80': 'reencoded'}
    for row in json.load(open(v2_path)):
        v2.setdefault(row['id'], {})[row['view']] = row['logit']
    v2_oof = {p['id']: {v: v2[p['id']][view_of[v]] for v in VARIANTS} for p in evalp}
    labels = [p['label'] == 'ai' for p in evalp]
    cal = {}
    for name, oof in (('v2', v2_oof), ('net', net_oof)):
        cal[name] = platt([oof[p['id']]['original'] for p in evalp], labels)
    both = {p['id']: {v: 0.5 * sum(cal[n][0] * o[p['id']][v] + cal[n][1] for n, o in (('v2', v2_oof), ('net', net_oof)))
                      for v in VARIANTS} for p in evalp}
    out = {}
    for name, oof in (('v2', v2_oof), ('net', net_oof), ('mean_calibrated', both)):
        out[name] = figures(evalp, oof)
        print(f'== {name}\n{summary(out[name])}')
    return out


POOLINGS = ['map_mean', 'map_top50', 'map_top25', 'crops96_mean', 'crops96_top2', 'centre128', 'crops128_mean']


@torch.no_grad()
def pooled_scores(model, px):
    """The logit of one view under each test-time pooling: over the last map (mean, mean of the top half or
    quarter of its positions) or over the view's non-overlapping 96 px crops on the 8 px grid (mean, top two)."""
    m = model.logit_map(to_tensor([px]))[0].flatten().sort(descending=True).values
    out = {'map_mean': float(m.mean()), 'map_top50': float(m[:max(1, len(m) // 2)].mean()),
           'map_top25': float(m[:max(1, len(m) // 4)].mean())}
    h, w = px.shape[:2]
    if min(h, w) >= 96:
        crops = [px[y:y + 96, x:x + 96] for y in range(0, h - 95, 96) for x in range(0, w - 95, 96)]
        c = model(to_tensor(crops)).sort(descending=True).values
        out['crops96_mean'], out['crops96_top2'] = float(c.mean()), float(c[:2].mean())
    else:
        out['crops96_mean'] = out['crops96_top2'] = out['map_mean']
    # Area: the centre quarter alone, then all four quarters (the whole view in separate crops).
    if min(h, w) >= 128:
        q = h // 2 // 8 * 8
        c = model(to_tensor([px[y:y + q, x:x + q] for y in (0, h - q) for x in (0, w - q)]))
        out['crops128_mean'] = float(c.mean())
        y0, x0 = (h - q) // 2 // 8 * 8, (w - q) // 2 // 8 * 8
        out['centre128'] = float(model(to_tensor([px[y0:y0 + q, x0:x0 + q]]))[0])
    else:
        out['crops128_mean'] = out['centre128'] = out['map_mean']
    return out


def pool_study(args, patches, evalp, groups):
    """Test-time pooling of the saved fold models (--save-models of a fold run): figures per pooling, alone
    and averaged with the probe's held-out logits as the shipped signal is."""
    fold_of = fold_groups(patches, groups, args.folds)
    vr = random.Random(SEED + 1)
    variants_px = {p['id']: {v: variant(p, v, vr) for v in VARIANTS} for p in evalp}
    oof = {k: {} for k in POOLINGS}
    for j in range(args.folds):
        if not os.path.exists(os.path.join(args.pool_study, f'fold{j}.pt')):
            print(f'pool study: no model for fold {j} (figures on the folds that have one)')
            continue
        model = TraceNet(args.front)
        model.load_state_dict(torch.load(os.path.join(args.pool_study, f'fold{j}.pt')))
        model.eval()
        for p in evalp:
            if fold_of.get(groups[p['repo']]) == j:
                scores = {v: pooled_scores(model, px) if args.all_poolings else {'map_mean': score(model, px)}
                          for v, px in variants_px[p['id']].items()}
                for k in POOLINGS if args.all_poolings else ['map_mean']:
                    oof[k][p['id']] = {v: scores[v][k] for v in VARIANTS}
        print(f'pool study: fold {j} scored', flush=True)
    scored = [p for p in evalp if p['id'] in oof['map_mean']]
    if len(scored) < len(evalp):
        shipped = json.load(open(os.path.join(OUT_DIR, 'oof-shipped.json')))['oof']
        print(f'######## version 3 on the same {len(scored)} patches')
        combine(scored, shipped, args.v2_oof)
    for k in POOLINGS if args.all_poolings else ['map_mean']:
        print(f'######## pooling {k}')
        combine(scored, oof[k], args.v2_oof)
    with open(os.path.join(OUT_DIR, f'pool-{args.tag}.json'), 'w') as fh:
        json.dump(oof, fh)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--folds', type=int, default=5)
    ap.add_argument('--epochs', type=int, default=16)
    ap.add_argument('--steps', type=int, default=40, help='batches per epoch')
    ap.add_argument('--batch', type=int, default=32)
    ap.add_argument('--crop', type=int, default=96)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--wd', type=float, default=5e-4)
    ap.add_argument('--aux', type=float, default=0.25, help='share of the AI side, with --with-aux')
    ap.add_argument('--with-aux', action='store_true', help='add the synthetic up-sampling class')
    ap.add_argument('--only-fold', type=int, default=None)
    ap.add_argument('--tag', default='run')
    ap.add_argument('--export', default=None, help='train on everything and write JSON weights here')
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--align', type=int, default=1, help='crop offsets on this grid (8: the JPEG and test grid)')
    ap.add_argument('--reencode', type=float, default=0.0, help='share of training crops re-encoded 1080 px q80')
    ap.add_argument('--reencode-scale', default='source', choices=['source', 'any'],
                    help='scale re-encoded crops by their own source size or by any patch\'s')
    ap.add_argument('--front', default=None, choices=[None, 'rgb'], help='rgb: learnable RGB front end beside Haar')
    ap.add_argument('--save-models', default=None, help='directory for each fold model (state dict)')
    ap.add_argument('--all-poolings', action='store_true', help='with --pool-study: every pooling, not only the map mean')
    ap.add_argument('--more-real', action='store_true', help='add the MORE_REAL training-only photos')
    ap.add_argument('--pool-study', default=None, help='directory of saved fold models: compare test-time poolings')
    ap.add_argument('--combine', default=None, help='oof-<tag>.json of this script: compare and combine with v2')
    ap.add_argument('--v2-oof', default=os.path.join(OUT_DIR, 'v2-oof.json'))
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    os.makedirs(OUT_DIR, exist_ok=True)
    patches = load_patches(args.more_real)
    evalp = [p for p in patches if p['eval']]
    print(f"{sum(p['label'] == 'ai' for p in evalp)} AI and {sum(p['label'] == 'real' for p in evalp)} real evaluated patches, "
          f"{len(patches) - len(evalp)} training-only real crops", flush=True)
    groups = repo_groups(patches)
    if args.pool_study:
        return pool_study(args, patches, evalp, groups)
    if args.combine:
        run = json.load(open(args.combine))
        res = combine(evalp, run['oof'], args.v2_oof)
        train_args = {k: run['args'][k] for k in ('folds', 'epochs', 'steps', 'batch', 'crop', 'lr', 'wd', 'aux', 'with_aux')}
        study = {
            'about': 'Held-out figures of the trace network study (scripts/data/train_ai_signal_net.py --combine): '
                     'the network, the shipped probe (v2) on the same patches, and the mean of their Platt-calibrated logits.',
            'network': {'parameters': sum(p.numel() for p in TraceNet().parameters()), 'training': train_args,
                        'training_only_real_crops': len(patches) - len(evalp)},
            **res}
        with open(STUDY_OUT, 'w') as fh:
            json.dump(study, fh, indent=1)
            fh.write('\n')
        print(f'wrote {STUDY_OUT}')
        return
    if args.export:
        model = train_model(patches, args, 'all')
        probes = []
        for kind, size in ((0, 64), (1, 96), (1, 256)):
            probes.append({'kind': kind, 'size': size, 'logit': round(score(model, probe_image(kind, size)), 6)})
        export(model, args.export, probes)
        print(f'wrote {args.export}: {probes}')
        return
    fold_of = fold_groups(patches, groups, args.folds)
    print('folds:', {j: sorted(g for g in fold_of if fold_of[g] == j) for j in range(args.folds)}, flush=True)
    oof = {}
    vr = random.Random(SEED + 1)
    variants_px = {p['id']: {v: variant(p, v, vr) for v in VARIANTS} for p in evalp}
    for j in range(args.folds):
        if args.only_fold is not None and j != args.only_fold:
            continue
        held = lambda p: p['eval'] and fold_of.get(groups[p['repo']]) == j
        model = train_model([p for p in patches if not held(p)], args, f'{args.tag} fold {j}')
        if args.save_models:
            os.makedirs(args.save_models, exist_ok=True)
            torch.save(model.state_dict(), os.path.join(args.save_models, f'fold{j}.pt'))
        for p in evalp:
            if held(p):
                oof[p['id']] = {v: score(model, px) for v, px in variants_px[p['id']].items()}
    if args.only_fold is not None:
        return
    fig = figures(evalp, oof)
    print(summary(fig))
    with open(os.path.join(OUT_DIR, f'oof-{args.tag}.json'), 'w') as fh:
        json.dump({'args': vars(args), 'figures': fig, 'oof': oof}, fh)


if __name__ == '__main__':
    sys.exit(main())

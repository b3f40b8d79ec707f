"""A camera picture for the browser scenarios: a QR code holding the given text, as a Y4M video that Chromium plays
as its camera (`--use-file-for-fake-video-capture`). Usage: python -m tests.e2e.qr_video TEXT OUT.y4m"""

from __future__ import annotations

import sys

import segno

WIDTH, HEIGHT, FRAMES = 640, 480, 4
WHITE, BLACK, GREY = 235, 16, 128  # luma of paper and ink; chroma neutral


def frame(text: str) -> bytes:
    rows = [list(r) for r in segno.make_qr(text, error="m").matrix_iter(scale=1, border=4)]
    scale = min(WIDTH, HEIGHT) * 4 // 5 // len(rows)
    size = scale * len(rows)
    left, top = (WIDTH - size) // 2, (HEIGHT - size) // 2
    y = bytearray([WHITE]) * (WIDTH * HEIGHT)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = (top + r * scale + dy) * WIDTH + left + c * scale
                    y[start : start + scale] = bytes([BLACK]) * scale
    return bytes(y) + bytes([GREY]) * (WIDTH * HEIGHT // 2)


def main(text: str, out: str) -> None:
    picture = frame(text)
    with open(out, "wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(FRAMES):
            f.write(b"FRAME\n" + picture)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

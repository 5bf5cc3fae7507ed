import { crc32, deflateSync } from 'node:zlib';

/**
 * Offline demo photos for the seeded listings: small PNG illustrations drawn here (no network, no binary
 * files in the repository). Three scenes — the house from outside, a living room and the view — each
 * tinted by the listing, so every demo property has its own, recognisable set.
 */

type Rgb = readonly [number, number, number];

export const PHOTO_WIDTH = 640;
export const PHOTO_HEIGHT = 420;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

class Canvas {
  readonly pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);

  set(x: number, y: number, color: Rgb) {
    if (x < 0 || y < 0 || x >= PHOTO_WIDTH || y >= PHOTO_HEIGHT) return;
    const at = (Math.floor(y) * PHOTO_WIDTH + Math.floor(x)) * 3;
    this.pixels[at] = color[0];
    this.pixels[at + 1] = color[1];
    this.pixels[at + 2] = color[2];
  }

  /** A vertical gradient between two rows. */
  gradient(top: number, bottom: number, from: Rgb, to: Rgb) {
    for (let y = top; y < bottom; y += 1) {
      const color = mix(from, to, (y - top) / Math.max(1, bottom - top));
      for (let x = 0; x < PHOTO_WIDTH; x += 1) this.set(x, y, color);
    }
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(PHOTO_HEIGHT, y + height); row += 1) {
      for (let column = Math.max(0, x); column < Math.min(PHOTO_WIDTH, x + width); column += 1) {
        this.set(column, row, color);
      }
    }
  }

  /** A triangle with a flat base: apex at (cx, top), base from (cx - half) to (cx + half) at `base`. */
  roof(cx: number, top: number, base: number, half: number, color: Rgb) {
    for (let y = top; y <= base; y += 1) {
      const spread = ((y - top) / Math.max(1, base - top)) * half;
      for (let x = Math.round(cx - spread); x <= Math.round(cx + spread); x += 1) this.set(x, y, color);
    }
  }

  circle(cx: number, cy: number, radius: number, color: Rgb) {
    for (let y = cy - radius; y <= cy + radius; y += 1) {
      for (let x = cx - radius; x <= cx + radius; x += 1) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) this.set(x, y, color);
      }
    }
  }

  png(): Buffer {
    const rows = Buffer.alloc((PHOTO_WIDTH * 3 + 1) * PHOTO_HEIGHT);
    for (let y = 0; y < PHOTO_HEIGHT; y += 1) {
      const offset = y * (PHOTO_WIDTH * 3 + 1);
      rows[offset] = 0; // filter: none
      this.pixels.copy(rows, offset + 1, y * PHOTO_WIDTH * 3, (y + 1) * PHOTO_WIDTH * 3);
    }
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(PHOTO_WIDTH, 0);
    header.writeUInt32BE(PHOTO_HEIGHT, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // truecolour
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** A listing's palette, from a small set of façade and accent colours. */
export interface PhotoStyle {
  facade: Rgb;
  roof: Rgb;
  accent: Rgb;
  /** hours of daylight tint: 0 midday blue, 1 golden evening */
  evening: number;
}

const FACADES: Rgb[] = [
  [240, 232, 214],
  [214, 226, 236],
  [238, 214, 200],
  [222, 234, 218],
  [246, 240, 228],
  [232, 220, 238],
];
const ROOFS: Rgb[] = [
  [176, 84, 62],
  [88, 96, 112],
  [150, 70, 58],
  [70, 82, 70],
];
const ACCENTS: Rgb[] = [
  [21, 127, 88],
  [35, 99, 160],
  [190, 120, 40],
  [150, 60, 90],
];

export function styleFor(index: number): PhotoStyle {
  return {
    facade: FACADES[index % FACADES.length]!,
    roof: ROOFS[index % ROOFS.length]!,
    accent: ACCENTS[index % ACCENTS.length]!,
    evening: (index % 3) / 2,
  };
}

function sky(canvas: Canvas, style: PhotoStyle, horizon: number) {
  const top = mix([96, 156, 222], [236, 150, 96], style.evening);
  const low = mix([196, 224, 246], [250, 214, 160], style.evening);
  canvas.gradient(0, horizon, top, low);
}

function exterior(style: PhotoStyle): Buffer {
  const canvas = new Canvas();
  sky(canvas, style, 300);
  canvas.circle(540, 80, 34, mix([255, 244, 200], [255, 206, 120], style.evening));
  canvas.gradient(300, PHOTO_HEIGHT, [118, 170, 96], [80, 128, 70]);
  canvas.rect(0, 330, PHOTO_WIDTH, 24, [200, 196, 186]);
  // the house
  canvas.rect(170, 170, 300, 150, style.facade);
  canvas.roof(320, 80, 172, 180, style.roof);
  canvas.rect(296, 240, 48, 80, style.accent);
  for (const x of [200, 380]) {
    canvas.rect(x, 200, 60, 50, [70, 110, 150]);
    canvas.rect(x + 28, 200, 4, 50, style.facade);
    canvas.rect(x, 223, 60, 4, style.facade);
  }
  // trees
  for (const x of [90, 560]) {
    canvas.rect(x - 6, 250, 12, 70, [110, 80, 50]);
    canvas.circle(x, 230, 42, [60, 120, 70]);
  }
  return canvas.png();
}

function livingRoom(style: PhotoStyle): Buffer {
  const canvas = new Canvas();
  canvas.gradient(0, 300, mix(style.facade, [255, 255, 255], 0.4), style.facade);
  canvas.gradient(300, PHOTO_HEIGHT, [190, 150, 110], [150, 110, 78]);
  // the window with its view
  canvas.rect(380, 60, 200, 170, [250, 250, 250]);
  const window = new Canvas();
  sky(window, style, 300);
  for (let y = 70; y < 220; y += 1) {
    for (let x = 390; x < 570; x += 1) {
      const at = ((y - 40) * PHOTO_WIDTH + x) * 3;
      canvas.set(x, y, [window.pixels[at]!, window.pixels[at + 1]!, window.pixels[at + 2]!]);
    }
  }
  canvas.rect(477, 70, 6, 150, [250, 250, 250]);
  // sofa, table, lamp and rug
  canvas.rect(60, 230, 260, 70, style.accent);
  canvas.rect(60, 200, 260, 40, mix(style.accent, [0, 0, 0], 0.15));
  canvas.rect(50, 220, 24, 80, mix(style.accent, [0, 0, 0], 0.25));
  canvas.rect(306, 220, 24, 80, mix(style.accent, [0, 0, 0], 0.25));
  canvas.rect(120, 340, 240, 40, mix(style.roof, [255, 255, 255], 0.5));
  canvas.rect(150, 310, 170, 16, [120, 84, 56]);
  canvas.rect(620 - 40, 150, 8, 150, [60, 60, 60]);
  canvas.roof(584, 120, 150, 22, [250, 236, 190]);
  return canvas.png();
}

function view(style: PhotoStyle): Buffer {
  const canvas = new Canvas();
  sky(canvas, style, 220);
  canvas.circle(320, 200, 40, mix([255, 246, 210], [255, 180, 100], style.evening));
  canvas.gradient(220, 320, mix([40, 110, 170], [70, 90, 140], style.evening), [30, 80, 130]);
  // hills on the far shore and the terrace in front
  for (let x = 0; x < PHOTO_WIDTH; x += 1) {
    const height = 18 + Math.round(14 * Math.sin(x / 53) + 8 * Math.sin(x / 17));
    canvas.rect(x, 220 - height, 1, height, mix([90, 120, 110], [120, 100, 110], style.evening));
  }
  canvas.rect(0, 320, PHOTO_WIDTH, 100, [196, 182, 160]);
  for (let x = 0; x < PHOTO_WIDTH; x += 40) canvas.rect(x, 300, 6, 30, [240, 240, 240]);
  canvas.rect(0, 296, PHOTO_WIDTH, 6, [240, 240, 240]);
  canvas.rect(420, 340, 120, 50, style.accent);
  return canvas.png();
}

/** The three demo photos of a listing: outside, inside, the view. */
export function demoPhotos(index: number): Array<{ name: string; bytes: Buffer }> {
  const style = styleFor(index);
  return [
    { name: 'exterior.png', bytes: exterior(style) },
    { name: 'living-room.png', bytes: livingRoom(style) },
    { name: 'view.png', bytes: view(style) },
  ];
}

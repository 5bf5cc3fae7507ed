import { crc32, deflateSync } from 'node:zlib';

/**
 * The built-in website templates' pictures (functions/websites/templates/), drawn here offline like the
 * demo listing photos (local/seed-photos.ts): no binary files in the repository, no network. Each
 * template gets a hero scene, an about picture and a preview of its page, in its own palette; the local
 * bootstrap writes them to the files bucket's public media, `media/website-templates/<id>/<name>.png`.
 */

type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const WHITE: Rgb = [255, 255, 255];

class Picture {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
  }

  set(x: number, y: number, color: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[at] = color[0];
    this.pixels[at + 1] = color[1];
    this.pixels[at + 2] = color[2];
  }

  gradient(top: number, bottom: number, from: Rgb, to: Rgb) {
    for (let y = top; y < bottom; y += 1) {
      const color = mix(from, to, (y - top) / Math.max(1, bottom - top));
      for (let x = 0; x < this.width; x += 1) this.set(x, y, color);
    }
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row += 1) {
      for (let column = Math.max(0, x); column < Math.min(this.width, x + width); column += 1) {
        this.set(column, row, color);
      }
    }
  }

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

  /** Gentle waves: rows of the colour whose top follows a sine. */
  waves(top: number, amplitude: number, period: number, color: Rgb) {
    for (let x = 0; x < this.width; x += 1) {
      const start = Math.round(top + Math.sin((x / period) * Math.PI * 2) * amplitude);
      for (let y = start; y < this.height; y += 1) this.set(x, y, color);
    }
  }

  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      const offset = y * (this.width * 3 + 1);
      rows[offset] = 0;
      this.pixels.copy(rows, offset + 1, y * this.width * 3, (y + 1) * this.width * 3);
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
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8;
    header[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

interface Palette {
  primary: Rgb;
  secondary: Rgb;
  background: Rgb;
}

/** A simple house: walls, roof, door and windows. */
function house(
  picture: Picture,
  x: number,
  base: number,
  width: number,
  height: number,
  walls: Rgb,
  roof: Rgb,
) {
  picture.rect(x, base - height, width, height, walls);
  picture.roof(x + width / 2, base - height - Math.round(width * 0.35), base - height, width / 2 + 8, roof);
  picture.rect(x + width / 2 - 10, base - 36, 20, 36, mix(roof, [0, 0, 0], 0.3));
  for (const offset of [0.18, 0.66])
    picture.rect(x + Math.round(width * offset), base - height + 18, 22, 20, [200, 225, 240]);
}

const SCENES: Record<string, (picture: Picture, palette: Palette, variant: number) => void> = {
  coastal(picture, palette, variant) {
    const { height, width } = picture;
    picture.gradient(0, height * 0.55, [150, 205, 235], [225, 242, 250]);
    picture.circle(Math.round(width * (variant ? 0.2 : 0.8)), Math.round(height * 0.2), 28, [255, 222, 140]);
    picture.rect(0, Math.round(height * 0.55), width, height, palette.primary);
    picture.waves(Math.round(height * 0.62), 4, 60, mix(palette.primary, WHITE, 0.25));
    picture.waves(Math.round(height * 0.78), 6, 90, [236, 214, 170]);
    house(
      picture,
      Math.round(width * (variant ? 0.55 : 0.12)),
      Math.round(height * 0.8),
      150,
      90,
      WHITE,
      palette.secondary,
    );
  },
  urban(picture, palette, variant) {
    const { height, width } = picture;
    picture.gradient(
      0,
      height,
      variant ? [40, 44, 60] : [250, 190, 120],
      variant ? [17, 24, 39] : [90, 90, 120],
    );
    let x = 0;
    for (let index = 0; x < width; index += 1) {
      const w = 50 + ((index * 37) % 50);
      const h = Math.round(height * (0.35 + ((index * 53) % 45) / 100));
      const color = mix(palette.secondary, [60, 60, 70], (index % 3) / 4);
      picture.rect(x, height - h, w - 4, h, color);
      for (let wy = height - h + 12; wy < height - 12; wy += 22) {
        for (let wx = x + 8; wx < x + w - 16; wx += 16) {
          if ((wx + wy + index) % 3) picture.rect(wx, wy, 8, 10, palette.primary);
        }
      }
      x += w;
    }
  },
  heritage(picture, palette, variant) {
    const { height, width } = picture;
    picture.gradient(0, height * 0.6, [205, 220, 230], [245, 238, 220]);
    picture.rect(0, Math.round(height * 0.6), width, height, mix(palette.primary, WHITE, 0.35));
    const walls: Rgb = [222, 200, 160];
    const cx = Math.round(width * (variant ? 0.6 : 0.5));
    picture.rect(cx - 150, Math.round(height * 0.3), 300, Math.round(height * 0.32), walls);
    picture.roof(cx, Math.round(height * 0.14), Math.round(height * 0.3), 170, palette.secondary);
    for (let column = 0; column < 5; column += 1) {
      for (const row of [0.36, 0.48])
        picture.rect(cx - 130 + column * 56, Math.round(height * row), 24, 30, [240, 240, 232]);
    }
    picture.rect(cx - 16, Math.round(height * 0.5), 32, Math.round(height * 0.12), palette.primary);
    for (const tx of [0.12, 0.88]) {
      picture.rect(
        Math.round(width * tx) - 6,
        Math.round(height * 0.45),
        12,
        Math.round(height * 0.2),
        [90, 60, 40],
      );
      picture.circle(Math.round(width * tx), Math.round(height * 0.4), 44, palette.primary);
    }
  },
  minimal(picture, palette, variant) {
    const { height, width } = picture;
    picture.rect(0, 0, width, height, [246, 247, 249]);
    picture.rect(
      Math.round(width * 0.1),
      Math.round(height * 0.25),
      Math.round(width * 0.45),
      Math.round(height * 0.6),
      WHITE,
    );
    picture.rect(
      Math.round(width * 0.1),
      Math.round(height * 0.25),
      Math.round(width * 0.45),
      6,
      palette.primary,
    );
    picture.rect(
      Math.round(width * (variant ? 0.3 : 0.6)),
      Math.round(height * 0.45),
      Math.round(width * 0.3),
      Math.round(height * 0.4),
      mix(palette.secondary, WHITE, 0.6),
    );
    picture.roof(
      Math.round(width * 0.325),
      Math.round(height * 0.08),
      Math.round(height * 0.25),
      Math.round(width * 0.25),
      mix(palette.primary, WHITE, 0.3),
    );
  },
};

/** A small picture of a page of the template: header, hero, three cards, footer. */
function preview(id: string, palette: Palette): Buffer {
  const picture = new Picture(480, 320);
  picture.rect(0, 0, 480, 320, palette.background);
  const heroPicture = new Picture(480, 150);
  SCENES[id]!(heroPicture, palette, 0);
  heroPicture.pixels.copy(picture.pixels, 480 * 28 * 3, 0, heroPicture.pixels.length);
  picture.rect(0, 0, 480, 28, id === 'urban' ? palette.secondary : WHITE);
  picture.rect(16, 10, 80, 8, id === 'urban' ? WHITE : palette.secondary);
  for (let link = 0; link < 4; link += 1) picture.rect(280 + link * 48, 11, 34, 6, palette.primary);
  picture.rect(24, 110, 120, 24, palette.primary);
  for (let card = 0; card < 3; card += 1) {
    const x = 24 + card * 148;
    picture.rect(x, 196, 136, 84, WHITE);
    picture.rect(x, 196, 136, 48, mix(palette.primary, WHITE, 0.5 + card * 0.1));
    picture.rect(x + 8, 252, 90, 6, palette.secondary);
    picture.rect(x + 8, 264, 60, 6, palette.primary);
  }
  picture.rect(0, 296, 480, 24, palette.secondary);
  return picture.png();
}

/** The pictures of one template: hero, about and preview PNGs. */
export function templateImages(
  id: string,
  theme: { primary: string; secondary: string; background: string },
): Array<{ name: 'hero' | 'about' | 'preview'; bytes: Buffer }> {
  const palette = {
    primary: hex(theme.primary),
    secondary: hex(theme.secondary),
    background: hex(theme.background),
  };
  const scene = SCENES[id] ?? SCENES.minimal!;
  const hero = new Picture(960, 440);
  scene(hero, palette, 0);
  const about = new Picture(480, 360);
  scene(about, palette, 1);
  return [
    { name: 'hero', bytes: hero.png() },
    { name: 'about', bytes: about.png() },
    { name: 'preview', bytes: preview(SCENES[id] ? id : 'minimal', palette) },
  ];
}

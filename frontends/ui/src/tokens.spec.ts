import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * WCAG 2.2 AA contrast of the design tokens, computed from tokens.css itself: text 4.5:1
 * (1.4.3, applied to every size for simplicity), focus rings, control borders and icons 3:1
 * (1.4.11). The table says where each pair is used; a colour token in no pair and not listed
 * as decorative fails the spec, so a new colour is checked before it ships. The browser tests
 * (axe) check the text that is actually rendered; this spec is the one that sees non-text
 * contrast, which axe does not measure.
 */
const css = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

/** The custom properties of the first `:root { … }` block (the colours live there). */
function rootTokens(source: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const tokens = new Map<string, string>();
  for (const match of block.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    tokens.set(match[1], match[2].trim());
  }
  return tokens;
}

const tokens = rootTokens(css);

type Rgba = [number, number, number, number];

function resolve(name: string, seen: string[] = []): string {
  const value = tokens.get(name);
  if (value === undefined) throw new Error(`tokens.css has no ${name}`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  if (seen.includes(reference[1])) throw new Error(`circular ${[...seen, name].join(' → ')}`);
  return resolve(reference[1], [...seen, name]);
}

function parseHex(value: string): Rgba {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(value)?.[1];
  if (!hex || ![3, 6, 8].includes(hex.length)) throw new Error(`not a hex colour: ${value}`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return [channel(0), channel(1), channel(2), full.length === 8 ? channel(3) / 255 : 1];
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast; a translucent foreground is first composited over the background. */
function contrast(foreground: string, background: string): number {
  const bg = parseHex(background);
  const fg = parseHex(foreground);
  const alpha = fg[3];
  const over: Rgba = [0, 1, 2].map((i) => fg[i] * alpha + bg[i] * (1 - alpha)) as unknown as Rgba;
  const [light, dark] = [luminance(over), luminance(bg)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const TEXT = 4.5;
const NON_TEXT = 3;

/** [foreground, background, minimum, where]. */
const PAIRS: [string, string, number, string][] = [
  ['--mz-color-ink', '--mz-color-surface', TEXT, 'body text on cards'],
  ['--mz-color-ink', '--mz-color-canvas', TEXT, 'body text on the page'],
  ['--mz-color-ink-muted', '--mz-color-surface', TEXT, 'labels, card location, hints'],
  ['--mz-color-ink-muted', '--mz-color-canvas', TEXT, 'secondary text on the page'],
  ['--mz-color-ink-subtle', '--mz-color-surface', TEXT, 'small print (admin nav, captions)'],
  ['--mz-color-ink-subtle', '--mz-color-canvas', TEXT, 'small print on the page'],
  ['--mz-color-brand', '--mz-color-surface', TEXT, 'eyebrows and links in brand green'],
  ['--mz-color-brand', '--mz-color-canvas', TEXT, 'brand text on the page'],
  ['--mz-color-brand', '--mz-color-brand-soft', NON_TEXT, 'icons in soft green circles'],
  ['--mz-color-brand-strong', '--mz-color-surface', TEXT, 'ghost buttons, password toggle'],
  ['--mz-color-brand-strong', '--mz-color-brand-soft', TEXT, 'currency, active tab and nav, chips'],
  ['--mz-color-on-brand', '--mz-color-brand', TEXT, 'primary button'],
  ['--mz-color-on-brand', '--mz-color-brand-strong', TEXT, 'primary button, hovered'],
  ['--mz-color-danger', '--mz-color-surface', TEXT, 'field errors, danger buttons'],
  ['--mz-color-danger', '--mz-color-canvas', TEXT, 'errors on the page'],
  ['--mz-color-warning', '--mz-color-warning-soft', TEXT, 'warning badges and dialog icon'],
  ['--mz-color-info', '--mz-color-surface', NON_TEXT, 'info toast stripe'],
  ['--mz-color-warning', '--mz-color-surface', NON_TEXT, 'warning toast stripe'],
  ['--mz-color-focus', '--mz-color-surface', NON_TEXT, 'focus ring on cards'],
  ['--mz-color-focus', '--mz-color-canvas', NON_TEXT, 'focus ring on the page'],
  ['--mz-color-focus-on-dark', '--mz-color-ink', NON_TEXT, 'focus ring in the footer'],
  ['--mz-color-focus-on-dark', '--mz-color-brand', NON_TEXT, 'focus ring on the sign-in brand panel'],
  ['--mz-color-control-border', '--mz-color-surface', NON_TEXT, 'input, select, OTP box, chip'],
  ['--mz-color-control-border', '--mz-color-canvas', NON_TEXT, 'the same on the page'],
  ['--mz-color-footer-text', '--mz-color-ink', TEXT, 'footer links and text'],
  ['--mz-color-footer-muted', '--mz-color-ink', TEXT, 'footer addresses and copyright'],
  ['--mz-color-footer-accent', '--mz-color-ink', NON_TEXT, 'footer icons and logo mark'],
  ['--mz-color-surface', '--mz-badge-platinum', TEXT, 'platinum badge (white text)'],
  ['--mz-badge-gold', '--mz-badge-gold-bg', TEXT, 'gold badge'],
  ['--mz-badge-silver', '--mz-badge-silver-bg', TEXT, 'silver badge'],
];

/** Colour tokens that carry no information: nothing has to be told apart by them. */
const DECORATIVE: Record<string, string> = {
  '--mz-color-line': 'separators and card outlines; controls use --mz-color-control-border',
  '--mz-color-skeleton': 'loading shimmer',
};

describe('design tokens: WCAG 2.2 AA contrast (from tokens.css)', () => {
  it.each(PAIRS)('%s on %s ≥ %d:1 (%s)', (foreground, background, minimum) => {
    const ratio = contrast(resolve(foreground), resolve(background));
    expect(Math.round(ratio * 100) / 100).toBeGreaterThanOrEqual(minimum);
  });

  it('checks every colour token, or names it decorative', () => {
    const colours = [...tokens.keys()].filter((name) => /^--mz-(color|badge)-/.test(name));
    const paired = new Set(PAIRS.flatMap(([foreground, background]) => [foreground, background]));
    expect(colours.filter((name) => !paired.has(name) && !(name in DECORATIVE))).toEqual([]);
    expect(Object.keys(DECORATIVE).filter((name) => !tokens.has(name))).toEqual([]);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The old translucent focus ring, composited over white.
    expect(contrast('#0c7a5766', '#ffffff')).toBeCloseTo(1.8, 1);
  });
});

#!/usr/bin/env node
// Writes public/images/hero/<theme>.svg: each theme's guest-home illustration (original art, no
// brand logos): its logo mark drawn large on the theme's own accent shape, with Gold and Fortune
// coins and sparkles in the theme's colours (keep COLORS in step with app.css). Static files, so
// the art costs no JavaScript. Run after changing it: `node apps/web/scripts/hero-art.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, '../public/images/hero');

/** primary, accent, surface-2, bg of each theme (app.css). */
const COLORS = {
  nlc: ['#f5b82e', '#5ec2ff', '#1d2a5e', '#0a1230'],
  funrize: ['#ffd23f', '#ff7cc0', '#372468', '#1a0f35'],
  tao: ['#3ee0b5', '#e8c26a', '#19413c', '#0b2422'],
  product: ['#2046d8', '#0d6e55', '#eceef5', '#f5f6fa'],
  funzCity: ['#00e0ff', '#ff5cb8', '#2a1a47', '#120a1f'],
  jackpotRabbit: ['#b93b09', '#2e6b30', '#fdebd3', '#fff8ee'],
  sws: ['#ffb703', '#4cc9f0', '#0f4058', '#04202e'],
  scarletSands: ['#f2c14e', '#ff8f6b', '#4d1c18', '#2a0d0b'],
  stormrush: ['#a3e635', '#60a5fa', '#222935', '#0e1116'],
};

/** The theme's accent shape behind the art (the same family as its CSS accent shapes). */
const SHAPES = {
  nlc: (c) => `<path d="M240 20l190 110v140L240 340 50 270V130z" fill="${c[2]}"/><path d="M240 44l166 96v122L240 316 74 262V140z" fill="none" stroke="${c[0]}" stroke-opacity=".5" stroke-width="3"/>`,
  funrize: (c) => `<circle cx="240" cy="180" r="160" fill="${c[2]}"/>${Array.from({ length: 14 }, (_, i) => `<rect x="236" y="6" width="8" height="34" rx="4" fill="${i % 2 ? c[1] : c[0]}" transform="rotate(${i * 25.7} 240 180)"/>`).join('')}`,
  tao: (c) => `<rect x="60" y="30" width="360" height="300" rx="6" fill="${c[2]}"/><path d="M60 270q90-70 180-20t180-30v110H60z" fill="${c[3]}" opacity=".6"/><circle cx="350" cy="90" r="34" fill="${c[1]}" opacity=".8"/>`,
  product: (c) => `<rect x="50" y="40" width="380" height="280" rx="40" fill="${c[2]}"/><rect x="90" y="80" width="300" height="200" rx="24" fill="none" stroke="${c[0]}" stroke-opacity=".25" stroke-width="4" stroke-dasharray="10 10"/>`,
  funzCity: (c) => `<rect x="30" y="30" width="420" height="300" rx="18" fill="${c[2]}"/>${[[60, 170], [110, 120], [160, 200], [300, 140], [350, 90], [400, 180]].map(([x, h]) => `<rect x="${x}" y="${330 - h}" width="40" height="${h}" fill="${c[3]}" stroke="${c[0]}" stroke-opacity=".6" stroke-width="2"/>`).join('')}<path d="M30 300h420" stroke="${c[1]}" stroke-width="4"/>`,
  jackpotRabbit: (c) => `<ellipse cx="240" cy="190" rx="200" ry="150" fill="${c[2]}"/><path d="M70 300q40-40 80 0t80 0 80 0 80 0 80 0" fill="none" stroke="${c[1]}" stroke-width="6" stroke-linecap="round"/>`,
  sws: (c) => `<rect x="40" y="30" width="400" height="300" rx="6" fill="${c[2]}"/>${[250, 280, 310].map((y, i) => `<path d="M40 ${y}q50-30 100 0t100 0 100 0 100 0 100 0" fill="none" stroke="${i % 2 ? c[0] : c[1]}" stroke-width="6" stroke-linecap="round"/>`).join('')}`,
  scarletSands: (c) => `<rect x="40" y="30" width="400" height="300" rx="3" fill="${c[2]}"/><circle cx="320" cy="110" r="54" fill="${c[0]}" opacity=".9"/><path d="M40 330c80-110 160-110 230-50 60-70 120-70 170-20v70z" fill="${c[1]}" opacity=".85"/>`,
  stormrush: (c) => `<path d="M70 30h370l-30 300H40z" fill="${c[2]}"/>${[60, 110, 160].map((y) => `<path d="M${60 + y / 3} ${y}h90" stroke="${c[1]}" stroke-width="6" stroke-linecap="round" opacity=".7"/>`).join('')}`,
};

/** The theme's logo mark (features/themes/wordmark.tsx) on its 32×32 grid, in concrete colours. */
const GLYPHS = {
  funrize: (c) => `<circle cx="16" cy="19" r="8" fill="${c[0]}"/><path d="M16 3v5M5 9l3.5 3.5M27 9l-3.5 3.5M2 19h4M26 19h4" stroke="${c[1]}" stroke-width="3" stroke-linecap="round"/>`,
  tao: (c) => `<circle cx="16" cy="16" r="13" fill="none" stroke="${c[0]}" stroke-width="3"/><path d="M16 3a6.5 6.5 0 0 1 0 13a6.5 6.5 0 0 0 0 13a13 13 0 0 1 0-26z" fill="${c[0]}"/><circle cx="16" cy="9.5" r="2" fill="${c[3]}"/><circle cx="16" cy="22.5" r="2" fill="${c[0]}"/>`,
  nlc: (c) => `<path d="M4 24l2-14 6 6 4-10 4 10 6-6 2 14z" fill="${c[0]}"/><rect x="4" y="25.5" width="24" height="3" rx="1.5" fill="${c[1]}"/>`,
  product: (c) => `<rect x="5" y="4" width="22" height="7" rx="3" fill="${c[0]}"/><rect x="5" y="13" width="22" height="7" rx="3" fill="${c[1]}"/><rect x="5" y="22" width="22" height="7" rx="3" fill="${c[0]}" opacity=".6"/>`,
  funzCity: (c) => `<g fill="${c[0]}"><rect x="3" y="14" width="6" height="15"/><rect x="10" y="6" width="6" height="23"/><rect x="17" y="11" width="5" height="18" fill="${c[1]}"/><rect x="23" y="3" width="6" height="26"/></g>`,
  jackpotRabbit: (c) => `<ellipse cx="11" cy="9" rx="3" ry="8" fill="${c[0]}"/><ellipse cx="21" cy="9" rx="3" ry="8" fill="${c[0]}"/><circle cx="16" cy="21" r="9" fill="${c[0]}"/><circle cx="12.5" cy="20" r="1.6" fill="#fff"/><circle cx="19.5" cy="20" r="1.6" fill="#fff"/><circle cx="16" cy="24" r="1.8" fill="${c[1]}"/>`,
  sws: (c) => `<g fill="none" stroke-width="3" stroke-linecap="round"><path d="M3 11c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="${c[1]}"/><path d="M3 19c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="${c[0]}"/><path d="M3 27c4-4 7-4 10 0s6 4 10 0 5-3 6-2" stroke="${c[1]}"/></g>`,
  scarletSands: (c) => `<circle cx="21" cy="10" r="5" fill="${c[0]}"/><path d="M1 28c6-9 12-9 17-4 4-6 9-6 13-1v5z" fill="${c[1]}"/>`,
  stormrush: (c) => `<path d="M19 2L6 18h8l-3 12 15-18h-9z" fill="${c[0]}"/><path d="M4 8h6M2 13h5" stroke="${c[1]}" stroke-width="2.5" stroke-linecap="round"/>`,
};

function coin(x, y, r, fill, letter, rotate) {
  return `<g transform="rotate(${rotate} ${x} ${y})"><ellipse cx="${x}" cy="${y + r * 0.12}" rx="${r}" ry="${r}" fill="#000" opacity=".25"/><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${r * 0.08}"/><text x="${x}" y="${y + r * 0.36}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="900" font-size="${r}" fill="#fff" fill-opacity=".9">${letter}</text></g>`;
}

function sparkle(x, y, s, fill) {
  return `<path d="M${x} ${y - s}q${s * 0.15} ${s * 0.85} ${s} ${s}q-${s * 0.85} ${s * 0.15}-${s} ${s}q-${s * 0.15}-${s * 0.85}-${s}-${s}q${s * 0.85}-${s * 0.15} ${s}-${s}z" fill="${fill}"/>`;
}

mkdirSync(out, { recursive: true });
for (const [theme, c] of Object.entries(COLORS)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360">
<defs><radialGradient id="glow" cx="50%" cy="45%" r="55%"><stop offset="0" stop-color="${c[0]}" stop-opacity=".45"/><stop offset="1" stop-color="${c[0]}" stop-opacity="0"/></radialGradient></defs>
${SHAPES[theme](c)}
<circle cx="240" cy="170" r="150" fill="url(#glow)"/>
<g transform="translate(144 74) scale(6)">${GLYPHS[theme](c)}</g>
${coin(92, 96, 38, '#e0a21b', 'G', -12)}${coin(392, 250, 32, '#1f9d6b', 'F', 10)}${coin(384, 70, 22, '#e0a21b', 'G', 18)}${coin(110, 262, 24, '#1f9d6b', 'F', -8)}
${sparkle(170, 60, 12, c[1])}${sparkle(330, 300, 10, c[0])}${sparkle(60, 190, 8, c[1])}${sparkle(430, 160, 9, c[1])}
</svg>
`;
  writeFileSync(path.join(out, `${theme}.svg`), svg);
}
console.info(`hero art: ${Object.keys(COLORS).length} themes`);

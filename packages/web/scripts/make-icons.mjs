// Renders the app icons in public/ (manifest, apple-touch-icon, push notifications) from the
// favicon's artwork with Chromium, so the PNGs match the SVG exactly. Run after changing the logo:
//   node packages/web/scripts/make-icons.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.join(import.meta.dirname, '..', 'public');

/** The favicon's "P" with its amber dot, on a 64-unit grid. */
const mark = `
  <path d="M22 48V17h12.5C42 17 47 21.4 47 28.3S42 39.6 34.5 39.6H29V48z" fill="#fff"/>
  <path d="M29 23.4v9.8h5c3.6 0 5.8-1.9 5.8-4.9s-2.2-4.9-5.8-4.9z" fill="#0f766e"/>
  <circle cx="46" cy="46" r="6" fill="#fbbf24"/>`;
const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#14b8a6"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>`;

/** Rounded tile, as the favicon. */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" rx="14" fill="url(#g)"/>${mark}</svg>`;
/** Full-bleed square with the mark inside the central 80 % safe zone (maskable, and iOS rounds it itself). */
const squareSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/><g transform="translate(6.4 6.4) scale(0.8)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192x192.png', size: 192, svg: roundedSvg },
  { file: 'icon-512x512.png', size: 512, svg: roundedSvg },
  { file: 'icon-maskable-512x512.png', size: 512, svg: squareSvg },
  { file: 'apple-touch-icon.png', size: 180, svg: squareSvg },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const html = `<body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body>`;
    await page.setContent(html);
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await writeFile(path.join(publicDir, icon.file), png);
    console.log(`wrote public/${icon.file}`);
  }
} finally {
  await browser.close();
}

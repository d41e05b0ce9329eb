import { Transform } from 'node:stream';

const HEAD_END = '</head>';
const MODULE_OPEN = '<script type="module" async="">';
const SCRIPT_END = '</script>';
const PRELOAD_TAG = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/**
 * The page's JavaScript only hydrates what the HTML already shows, so the document paints first and
 * the scripts come second (docs/web-shell.md, "First paint"): on a slow link the HTML, the
 * stylesheet and the images get all the bandwidth, and the scripts start once the page is on screen.
 *
 * - The module preloads leave the head. React Router's inline module script (which imports the
 *   route modules, then the client entry) waits for one animation frame (the first paint), then
 *   adds the same preloads (one parallel wave, no import waterfall) and imports the route modules.
 * - Should that script not have the form this expects, the preloads go back in front of it (at low
 *   priority, as React's own bootstrapModules preloads) and the script is left as it is.
 *
 * Everything else streams through untouched.
 */
export function scriptsAfterFirstPaint(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let state: 'head' | 'body' | 'script' | 'done' = 'head';
  let preloads: string[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state === 'done') return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      for (;;) {
        if (state === 'head') {
          // Cut at ASCII markers only: both sides stay whole UTF-8.
          const end = pending.indexOf(HEAD_END);
          if (end < 0) break;
          const head = pending.subarray(0, end).toString('utf8');
          preloads = [...head.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
          out.push(Buffer.from(head.replaceAll(PRELOAD_TAG, ''), 'utf8'));
          pending = pending.subarray(end);
          state = 'body';
        } else if (state === 'body') {
          const start = pending.indexOf(MODULE_OPEN);
          if (start < 0) {
            // Keep a tail that could be the start of the tag, split across chunks.
            const keep = Math.min(pending.length, MODULE_OPEN.length - 1);
            out.push(pending.subarray(0, pending.length - keep));
            pending = pending.subarray(pending.length - keep);
            break;
          }
          out.push(pending.subarray(0, start));
          pending = pending.subarray(start);
          state = 'script';
        } else if (state === 'script') {
          const end = pending.indexOf(SCRIPT_END);
          if (end < 0) break;
          const script = pending.subarray(MODULE_OPEN.length, end).toString('utf8');
          const deferred = evaluateAfterFirstPaint(script, preloads);
          const links = deferred === null ? preloads.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${href}"/>`).join('') : '';
          out.push(Buffer.from(links + MODULE_OPEN + (deferred ?? script), 'utf8'));
          pending = pending.subarray(end);
          state = 'done';
        } else {
          out.push(pending);
          pending = Buffer.alloc(0);
          break;
        }
      }
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      callback(null, pending.length > 0 ? pending : undefined);
    },
  });
}

const STATIC_IMPORT = /^\s*import \* as (route\d+) from ("[^"\\]+");\s*$/;
/** A side-effect import before the route modules (React Router 7.9+ loads its manifest this way). */
const SIDE_EFFECT_IMPORT = /^\s*import ("[^"\\]+");\s*$/;

/**
 * React Router's route-module script, run after the first paint: it adds the preloads, then imports
 * the side-effect modules in their order (the manifest) and the route modules dynamically. Null when the script does not have the expected form.
 */
export function evaluateAfterFirstPaint(script: string, preloads: readonly string[]): string | null {
  const lines = script.replace(/^;/, '').split('\n');
  const imports: { name: string; url: string }[] = [];
  const sideEffects: string[] = [];
  let index = 0;
  while (index < lines.length && lines[index]!.trim() === '') index++;
  for (; index < lines.length; index++) {
    const sideEffect = imports.length === 0 ? SIDE_EFFECT_IMPORT.exec(lines[index]!) : null;
    if (sideEffect) {
      sideEffects.push(sideEffect[1]!);
      continue;
    }
    const match = STATIC_IMPORT.exec(lines[index]!);
    if (!match) break;
    imports.push({ name: match[1]!, url: match[2]! });
  }
  const rest = lines.slice(index).join('\n');
  if (imports.length === 0 || !rest.includes('window.__reactRouterRouteModules') || /\bimport \* as\b/.test(rest)) return null;
  return [
    ';',
    // Hidden pages get no animation frames: they go on at once.
    'if (document.visibilityState !== "hidden") await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));',
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    // Side-effect imports run first and in order, as the static ones did (all are downloading by now).
    ...sideEffects.map((url) => `await import(${url});`),
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${i.url})`).join(', ')}]);`,
    rest,
  ].join('\n');
}

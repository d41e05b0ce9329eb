import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { evaluateAfterFirstPaint, scriptsAfterFirstPaint } from './scripts-after-paint.server';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterFirstPaint())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

// The form React Router 7 renders (<Scripts />): route modules imported statically, then the entry.
const routeScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/lobby-B.js";
  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/lobby":route1};

import("/assets/entry.client-C.js");`;

const head = '<!DOCTYPE html><html><head><title>Señal ✓</title><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/></head>';
const body = `<body><p>ünïcödé</p><script>window.__ctx = 1;</script><script type="module" async="">${routeScript}</script><script>window.__more = "<script type=\\"module\\" async=\\"\\">";</script></body></html>`;

const preloads = ['/assets/a.js', '/assets/b.js'];

describe('evaluateAfterFirstPaint', () => {
  it('turns the static route imports into imports after one animation frame, preloads first, keeping the rest', () => {
    const script = evaluateAfterFirstPaint(routeScript, preloads) ?? '';
    expect(script).toContain('for (const href of ["/assets/a.js","/assets/b.js"])');
    expect(script.indexOf('requestAnimationFrame')).toBeLessThan(script.indexOf('modulepreload'));
    expect(script).toContain('requestAnimationFrame');
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/lobby-B.js")]);');
    expect(script).not.toContain('import * as');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/lobby":route1};');
    expect(script.trim().endsWith('import("/assets/entry.client-C.js");')).toBe(true);
  });

  it('imports a leading side-effect module (React Router 7.9+: the manifest) first, in order, then the route modules', () => {
    const withManifest = `import "/assets/manifest-M.js";\n${routeScript.replace(/^;\n/, '').replace(/ {2}window.__reactRouterManifest = .*\n/, '')}`;
    const script = evaluateAfterFirstPaint(withManifest, preloads) ?? '';
    expect(script).toContain('await import("/assets/manifest-M.js");');
    expect(script.indexOf('modulepreload')).toBeLessThan(script.indexOf('await import("/assets/manifest-M.js")'));
    expect(script.indexOf('await import("/assets/manifest-M.js")')).toBeLessThan(script.indexOf('await Promise.all'));
    expect(script).not.toMatch(/^\s*import "/m);
    expect(script).not.toContain('import * as');
  });

  it('leaves a script of any other form alone', () => {
    for (const other of ['import("/assets/entry.js");', 'import * as a from "/x.js";\nconsole.log(a);', ';\nimport * as route0 from "/r.js";\nimport * as other from "/o.js";\nwindow.__reactRouterRouteModules = {};']) {
      expect(evaluateAfterFirstPaint(other, preloads)).toBeNull();
    }
  });
});

describe('scriptsAfterFirstPaint', () => {
  it('moves the head\'s module preloads into the route script, which runs after the first paint', async () => {
    const html = await run([Buffer.from(head + body)]);
    const expected = head.replace(/<link rel="modulepreload" [^>]+>/g, '') + body.replace(routeScript, evaluateAfterFirstPaint(routeScript, preloads) ?? '');
    expect(html).toBe(expected);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
  });

  it('puts the preloads back, at low priority, in front of a route script it does not know', async () => {
    const other = 'import("/assets/entry.js");';
    const html = await run([Buffer.from(head + body.replace(routeScript, other))]);
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/><script type="module" async="">import("/assets/entry.js");</script>');
  });

  it('gives the same document however the stream is cut, even inside a tag or a multi-byte character', async () => {
    const whole = Buffer.from(head + body);
    const expected = await run([whole]);
    for (let cut = 1; cut < whole.length; cut += 5) {
      expect(await run([whole.subarray(0, cut), whole.subarray(cut)])).toBe(expected);
    }
    const bytes = [...whole].map((_, i) => whole.subarray(i, i + 1));
    expect(await run(bytes)).toBe(expected);
  });

  it('passes a document without a head through', async () => {
    expect(await run([Buffer.from('<p>fragment</p>')])).toBe('<p>fragment</p>');
  });
});

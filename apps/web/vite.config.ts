import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every file under `dir` whose name matches, recursively. */
async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), pattern) : Promise.resolve(pattern.test(e.name) ? [path.join(dir, e.name)] : []))));
  return nested.flat();
}

/**
 * Writes .br and .gz siblings of the client's JS and CSS, and of the game art copied from public/
 * (images/games: tiles and symbols, SVG text that shrinks to a fifth), so that the static file server
 * can send them precompressed (best compression, no per-request CPU).
 */
function precompressClientAssets(): Plugin {
  return {
    name: 'sweepstack:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      if (!dir.endsWith(`${path.sep}client`)) return;
      const art = await filesUnder(path.join(dir, 'images', 'games'), /\.svg$/);
      await Promise.all(
        [...Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file)), ...art.map((file) => path.relative(dir, file))]
          .map(async (file) => {
            const full = path.join(dir, file);
            const source = await readFile(full);
            if (source.length < 1024) return;
            const [br, gzipped] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: file.startsWith('images') ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}

/**
 * The server bundle holds the feature registry with its static importers (root data, the locale
 * route), so the deep links' dynamic import of it cannot split it there, and rolldown said so after
 * every build. The check stays on for the browser build, where the same warning would mean that a
 * first-load module imports the registry (and with it every feature's declarations).
 */
function serverChecks(): Plugin {
  return {
    name: 'sweepstack:server-checks',
    configEnvironment(name) {
      return name === 'client' ? undefined : { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } };
    },
  };
}

/**
 * Modules of the first-load `app` chunk (the lazy parts are the exceptions in the lookahead). Pages `/`
 * does not show (sign-in, sign-up and password reset with their layout and forms, registration,
 * registration-complete, the geoblock page and its layout, legal pages) are their own route chunks, loaded when visited: `/` ships no code of
 * theirs (JavaScript for `/` at or below 145 KB gzipped, issue 12).
 */
const FIRST_LOAD =
  /apps[\\/]web[\\/](app|content)[\\/](?!features[\\/]modals[\\/]modal-stack|features[\\/](cash[\\/](?!cash-launcher)|responsible-play[\\/](?!reality-check-launcher)|(account|kyc|redeem|game-client|auth)[\\/])|features[\\/]games[\\/](game-modals|catalogue-client|virtual-grid|category-nav|names)\.|routes[\\/](account|responsible-play|game-client|fairness|library|issues|signin|signup|reset|register|registration-complete|geoblock|legal-page)\.|layouts[\\/](auth|geoblock)\.|lib[\\/]realtime\.)|content[\\/]translations/;
/**
 * What no first-load page needs: the feature declarations and their registry (the server renders
 * with them; the browser loads them with the modal stack, its backdrop rules, or for a deep link),
 * the finish timers, welcome modals, background watchers and countdowns of app/platform, and every feature's components
 * (`features/<feature>/ui/`: its pages, modals and their parts).
 */
const FEATURE_PARTS = /apps[\\/]web[\\/]app[\\/](features[\\/][^\\/]+[\\/](ui[\\/]|feature\.ts$)|features[\\/]modals[\\/]backdrop\.|platform[\\/](registry|feature-timers|feature-backgrounds|countdown)\.)/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressClientAssets(), serverChecks()],
  build: {
    target: 'es2022',
    cssMinify: true,
    rolldownOptions: {
      // The plugin-timing paragraph after every build is noise here (the precompression is slow on purpose).
      checks: { bundlerTimings: false },
      output: {
        // Few requests on first load: one framework chunk and one app chunk. The modal stack and
        // Radix stay lazy (loaded on the first modal).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|zustand|cookie|set-cookie-parser|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/, priority: 2 },
            // Lazy parts stay out: the cash widget, the account pages, the real-time client (socket.io), the
            // game client, the game modals, the reality check (all but its launcher), the catalogue
            // pages other than home and lobby, the game-title helper (games/names.ts, used by lazy parts
            // only), and the feature declarations with their components.
            {
              name: 'app',
              test: (id: string) => FIRST_LOAD.test(id) && !FEATURE_PARTS.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { joinChunksPerTurn } from './lib/join-chunks.server';
import { scriptsAfterFirstPaint } from './lib/scripts-after-paint.server';

export const streamTimeout = 5_000;

/** The signed-in lobby's page cache reads these through the server build (apps/server/src/plugins/player-page-cache.ts). */
export { playerPageParts, playerDataScript } from './lib/player-page.server';

/** Compresses the streamed HTML (brotli or gzip, flushed per chunk so streaming is kept). */
function compressorFor(request: Request): { encoding: string; stream: Transform } | null {
  const accepted = request.headers.get('accept-encoding') ?? '';
  if (/\bbr\b/.test(accepted)) {
    return {
      encoding: 'br',
      stream: createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 }) };
  return null;
}

/** React Router's Node entry (streaming SSR; bots get the complete page) plus HTML compression. */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, _loadContext: AppLoadContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.append('Vary', 'Accept-Encoding');
        const compressor = compressorFor(request);
        let output: NodeJS.ReadableStream = body.pipe(scriptsAfterFirstPaint());
        if (compressor) {
          responseHeaders.set('Content-Encoding', compressor.encoding);
          output = output.pipe(joinChunksPerTurn()).pipe(compressor.stream);
        }
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(output as PassThrough), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

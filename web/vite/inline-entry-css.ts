/**
 * Puts the entry's stylesheet into index.html as a `<style>` element instead of a
 * `<link rel="stylesheet">`: the shell in index.html (header, skeleton) paints as soon as the
 * HTML is in, without a second request that blocks rendering for a round trip (about 300 ms
 * on Lighthouse's slow 4G; web/README.md, "The first page"). The stylesheet is small (under
 * 8 KB gzipped) and the HTML is revalidated on every visit anyway (`no-cache`), while the
 * service worker serves it offline.
 *
 * The `<link>` stays, `disabled`: a browser neither fetches nor applies a disabled stylesheet,
 * but Vite's loader of lazy chunks looks for a `<link rel="stylesheet">` of each CSS file a
 * chunk lists (the entry's among them) and, finding none, would add one and hold the chunk
 * back until that second copy had downloaded.
 */
import type { Plugin, Rollup } from 'vite';

/** The html with each `<link rel="stylesheet">` of an emitted CSS asset replaced by its contents. */
export function inlineStylesheets(html: string, bundle: Rollup.OutputBundle): string {
  return html.replace(/<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const asset = bundle[file];
    if (!asset || asset.type !== 'asset') return link;
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // A stylesheet cannot end a <style> element early unless it holds "</style"; Vite's CSS never does, but be sure.
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

export function inlineEntryCss(): Plugin {
  return {
    name: 'encore-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? inlineStylesheets(html, context.bundle) : html),
    },
  };
}

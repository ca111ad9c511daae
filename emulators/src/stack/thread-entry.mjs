// The start of a worker thread whose module is TypeScript (npm start and the tests run the
// emulators from their sources): registers tsx's loader, then imports the module. A file, not
// `new Worker(code, { eval: true })`: an eval'd worker defines `__dirname` ('.') and
// `__filename` on globalThis, which ESM packages that test `typeof __dirname` take for their
// own (vite-plugin-pwa then fails to load web/vite.config.ts in the web dev server's thread).
// thread.ts passes tsx's API and the module as the thread's arguments.
const [tsxApi, entry] = process.argv.slice(-2);
const { register } = await import(tsxApi);
register();
await import(entry);

// Stands in for react-dom (the browser renderer) in the Worker: react-router-dom imports it for the
// browser routers, which never run on the server (wrangler.toml [alias]). react-dom/server is not
// affected. flushSync runs its callback, as react-dom's does outside a render.
export function flushSync(fn) {
  return fn();
}
export function createPortal() {
  throw new Error("react-dom's browser renderer is not in the Worker (stubs/react-dom.mjs)");
}
export default { flushSync, createPortal };

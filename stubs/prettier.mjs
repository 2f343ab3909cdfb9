// Stands in for prettier in the Worker bundle (wrangler.toml [alias]). @react-email/render imports
// prettier for render(..., { pretty: true }), which the app never asks for; the real one is 250 KiB
// of the Worker's startup. Its HTML plugin reads `printers` only when present, so an empty module does.
export function format() {
  throw new Error("prettier is not in the Worker: render e-mail without { pretty: true }.");
}

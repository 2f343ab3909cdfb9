import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { STAMP_NAME } from "~/platform/bot-field-names";
import type { BotFieldsData } from "~/platform/bot-guard.server";

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

type Turnstile = { render(element: HTMLElement, options: { sitekey: string }): string; remove(id: string): void };
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;
/** Loads Turnstile's script once, after hydration: a script that changes the DOM while it parses breaks hydration (ADR 002). */
function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      loading = null;
      reject(new Error("turnstile script failed"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The Turnstile widget; a new stamp (each server answer) renders a fresh one, as a token is single use. */
function TurnstileWidget({ siteKey, renewKey }: { siteKey: string; renewKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let widget: string | undefined;
    let active = true;
    loadTurnstile()
      .then((turnstile) => {
        if (active && container.current) widget = turnstile.render(container.current, { sitekey: siteKey });
      })
      .catch((error) => console.error(error));
    return () => {
      active = false;
      if (widget !== undefined) window.turnstile?.remove(widget);
    };
  }, [siteKey, renewKey]);
  return <div ref={container} className="mt-6 min-h-[65px]" data-testid="turnstile" />;
}

/**
 * Goes inside every public form: the honeypot (out of sight and out of the accessibility tree, not
 * reachable by Tab, no autofill), the server's signed stamp, and the Turnstile widget when configured.
 * Reads `bot` from the route's action data (a re-render keeps the first stamp) or loader data.
 */
export function BotFields() {
  const loaderData = useLoaderData() as { bot?: BotFieldsData } | undefined;
  const actionData = useActionData() as { bot?: BotFieldsData } | undefined;
  const bot = actionData?.bot ?? loaderData?.bot;
  const id = useId();
  if (!bot) return null;
  return (
    <>
      <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id}>{bot.honeypotLabel}</label>
        <input id={id} type="text" name={bot.honeypotName} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={STAMP_NAME} value={bot.stamp} />
      {bot.turnstileSiteKey ? <TurnstileWidget siteKey={bot.turnstileSiteKey} renewKey={bot.stamp} /> : null}
    </>
  );
}

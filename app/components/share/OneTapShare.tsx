import { Mail, MessageCircle, MessageSquareText, Share2, Smartphone, Users } from "lucide-react";
import type { OneTapShareContent } from "#content/schemas/share";
import { shareLinks, tagShareLink, type ShareChannel } from "~/utils/links";
import { useHydrated } from "~/utils/use-hydrated";

type LinkChannel = Exclude<ShareChannel, "copy">;
const CHANNELS: { channel: LinkChannel; Icon: typeof Mail; newTab: boolean }[] = [
  { channel: "wa", Icon: MessageCircle, newTab: true },
  { channel: "fb", Icon: Users, newTab: true },
  { channel: "x", Icon: Share2, newTab: true },
  { channel: "email", Icon: Mail, newTab: false },
  { channel: "sms", Icon: MessageSquareText, newTab: false },
];

/**
 * One-tap share links (issue 34): plain links with the prefilled message, each tagging the referral
 * link with its channel (`&c=wa`), so they work without JavaScript. Once hydrated, a native share
 * button appears where the browser has a share sheet.
 */
export function OneTapShare({ copy, refLink }: { copy: OneTapShareContent; refLink: string }) {
  const hydrated = useHydrated();
  const links = shareLinks(refLink, copy);
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const share = () => {
    // A dismissed sheet rejects; nothing to do then.
    navigator
      .share({ text: copy.message.replace(" {link}", "").replace("{link}", ""), url: tagShareLink(refLink, "copy") })
      .catch(() => {});
  };
  return (
    <div className="mt-4" data-testid="one-tap-share">
      <h3 className="font-semibold text-slate-900">{copy.title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {CHANNELS.map(({ channel, Icon, newTab }) => (
          <li key={channel}>
            <a
              href={links[channel]}
              data-channel={channel}
              {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-900 hover:border-brand"
            >
              <Icon aria-hidden="true" className="h-4 w-4 text-brand" />
              {copy.channels[channel]}
            </a>
          </li>
        ))}
        {canShare ? (
          <li>
            <button
              type="button"
              onClick={share}
              data-testid="native-share"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-900 hover:border-brand"
            >
              <Smartphone aria-hidden="true" className="h-4 w-4 text-brand" />
              {copy.nativeButton}
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

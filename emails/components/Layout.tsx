import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { EmailTemplateContent } from "#content/schemas/emails";

/**
 * Shared pieces of every e-mail. Styles are inline (mail clients drop <style> and classes);
 * the container is at most 600px wide (SPEC 2.16). All text arrives through React children,
 * so user values (plan names, links) are escaped.
 */
export type EmailProps = { email: EmailTemplateContent };
type Styles = EmailTemplateContent["template"]["styles"];

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The brand's heading voice, as the site shows it (a client without the font falls back to the body's). */
function headingType(s: Styles) {
  return {
    fontFamily: s.headingFont ? `${s.headingFont.replace(/"/g, "'")}, ${font}` : font,
    textTransform: s.headingCase ?? "none",
  } as const;
}

/** `preview`: the preheader (the line a mail client shows after the subject); by default the subtitle. */
export function EmailLayout({ email, preview, children }: EmailProps & { preview?: string; children: ReactNode }) {
  const { template, content } = email;
  const s = template.styles;
  return (
    <Html lang="en">
      <Head>
        <title>{template.title}</title>
      </Head>
      <Preview>{preview ?? content.main.subtitle ?? content.main.title}</Preview>
      <Body style={{ backgroundColor: s.background, fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container
          style={{
            maxWidth: "600px",
            width: "100%",
            margin: "0 auto",
            backgroundColor: "#ffffff",
            borderRadius: "12px",
            padding: "32px 20px",
            color: s.text,
            // Long links and words wrap inside a 390 px phone instead of widening the mail.
            overflowWrap: "anywhere",
            wordBreak: "break-word",
          }}
        >
          <Section>
            <Text style={{ margin: 0, fontSize: "18px", fontWeight: 700, color: s.brandStrong, ...headingType(s) }}>
              <span
                // Decoration: left out of the plain-text part (render.server.tsx), which starts with the brand's name.
                data-skip-in-text
                aria-hidden="true"
                style={{
                  display: "inline-block",
                  width: "32px",
                  height: "32px",
                  lineHeight: "32px",
                  textAlign: "center",
                  borderRadius: "8px",
                  backgroundColor: s.brand,
                  color: "#ffffff",
                  marginRight: "10px",
                }}
              >
                {content.logo.letter}
              </span>
              {content.logo.text}
            </Text>
          </Section>
          {children}
          <Text style={{ fontSize: "16px", margin: "24px 0 0", color: s.text }}>{content.signature}</Text>
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 16px" }} />
          <Text style={{ fontSize: "12px", lineHeight: "18px", color: s.muted, margin: 0 }}>
            {content.footer.text}{" "}
            <Link href={`mailto:${content.footer.contactAddress}`} style={{ color: s.brandStrong }}>
              {content.footer.contactAddress}
            </Link>
          </Text>
          <LegalFooter email={email} />
        </Container>
      </Body>
    </Html>
  );
}

/** The controller line, "Manage my data" (or the privacy policy) and, on marketing mails, the unsubscribe link. */
function LegalFooter({ email }: EmailProps) {
  const { footer } = email.content;
  const s = email.template.styles;
  const small = { fontSize: "12px", lineHeight: "18px", color: s.muted, margin: "8px 0 0" };
  return (
    <>
      {footer.controller ? <Text style={small}>{footer.controller}</Text> : null}
      {footer.manageLink && footer.manageText ? (
        <Text style={small}>
          <Link href={footer.manageLink} style={{ color: s.brandStrong }}>
            {footer.manageText}
          </Link>
        </Text>
      ) : null}
      {footer.unsubscribeLink && footer.unsubscribeLinkText ? (
        <Text style={small}>
          {footer.unsubscribeText}{" "}
          <Link href={footer.unsubscribeLink} style={{ color: s.brandStrong }}>
            {footer.unsubscribeLinkText}
          </Link>
        </Text>
      ) : null}
    </>
  );
}

/** The brand's solid button (main button and the confirm button). */
function buttonStyle(s: Styles) {
  return {
    backgroundColor: s.brand,
    color: "#ffffff",
    borderRadius: "8px",
    padding: "14px 24px",
    fontSize: "16px",
    fontWeight: 700,
    textDecoration: "none",
  };
}

function paragraph(s: Styles) {
  return { fontSize: "16px", lineHeight: "24px", color: s.text, margin: "0 0 16px" };
}

/** Title, greeting, celebration and description of the main block. */
export function MainIntro({ email }: EmailProps) {
  const { main } = email.content;
  const s = email.template.styles;
  return (
    <Section style={{ marginTop: "24px" }}>
      <Heading as="h1" style={{ fontSize: "26px", lineHeight: "32px", color: s.brandStrong, margin: "0 0 12px", ...headingType(s) }}>
        {main.title}
      </Heading>
      {main.subtitle ? <Text style={{ ...paragraph(s), fontWeight: 600 }}>{main.subtitle}</Text> : null}
      {main.celebration ? (
        <Text
          style={{
            ...paragraph(s),
            backgroundColor: s.brandSoft,
            color: s.brandStrong,
            borderRadius: "8px",
            padding: "12px 16px",
            fontWeight: 600,
          }}
        >
          {main.celebration}
        </Text>
      ) : null}
      <Text style={paragraph(s)}>{main.description}</Text>
      {main.planSelected ? <Text style={{ ...paragraph(s), fontWeight: 600 }}>{main.planSelected}</Text> : null}
      {main.confirmation ? <Text style={paragraph(s)}>{main.confirmation}</Text> : null}
    </Section>
  );
}

/** The main button with a copyable fallback link below it. */
export function MainButton({ email }: EmailProps) {
  const { main } = email.content;
  const s = email.template.styles;
  if (!main.buttonText || !main.buttonUrl) return null;
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button href={main.buttonUrl} style={buttonStyle(s)}>
        {main.buttonText}
      </Button>
      {main.fallbackText ? (
        <Text style={{ fontSize: "13px", lineHeight: "20px", color: s.muted, margin: "16px 0 0" }}>
          {main.fallbackText}{" "}
          <Link href={main.buttonUrl} style={{ color: s.brandStrong, wordBreak: "break-all" }}>
            {main.buttonUrl}
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

/**
 * The double opt-in block: the confirm button ({verifyLink}) and the status link ({statusLink}).
 * The button opens a page with one more button: a mail scanner following links confirms nobody.
 */
export function ConfirmAddress({ email }: EmailProps) {
  const block = email.content.confirmAddress;
  const s = email.template.styles;
  if (!block) return null;
  return (
    <Section style={{ margin: "8px 0 24px", border: `2px solid ${s.brand}`, borderRadius: "8px", padding: "16px" }}>
      <Heading as="h2" style={{ fontSize: "20px", lineHeight: "28px", color: s.brandStrong, margin: "0 0 8px" }}>
        {block.title}
      </Heading>
      <Text style={paragraph(s)}>{block.description}</Text>
      <Button href={block.verifyLink} style={buttonStyle(s)}>
        {block.buttonText}
      </Button>
      <Text style={{ fontSize: "14px", lineHeight: "22px", color: s.muted, margin: "16px 0 0" }}>
        {block.statusText}{" "}
        <Link href={block.statusLink} style={{ color: s.brandStrong }}>
          {block.statusButtonText}
        </Link>
      </Text>
    </Section>
  );
}

/** The parent's personal share link and the prepared share message. */
export function Sharing({ email }: EmailProps) {
  const { sharing } = email.content;
  const s = email.template.styles;
  if (!sharing) return null;
  return (
    <Section style={{ margin: "8px 0 16px", borderLeft: `4px solid ${s.brand}`, paddingLeft: "16px" }}>
      <Text style={{ ...paragraph(s), fontWeight: 600, wordBreak: "break-all" }}>{sharing.personalLink}</Text>
      <Text style={{ ...paragraph(s), color: s.muted, fontStyle: "italic", margin: 0 }}>{sharing.message}</Text>
    </Section>
  );
}

/** The numbered what-happens-next list. */
export function NextSteps({ email }: EmailProps) {
  const steps = email.content.whatHappensNext;
  const s = email.template.styles;
  if (steps.length === 0) return null;
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Heading as="h2" style={{ fontSize: "20px", color: s.brandStrong, margin: "0 0 12px" }}>
        {email.content.whatHappensNextTitle}
      </Heading>
      {steps.map((step) => (
        <Text key={step.number} style={{ ...paragraph(s), margin: "0 0 12px" }}>
          <strong style={{ color: s.accent }}>{step.number}. </strong>
          <strong>{step.title}</strong>
          <br />
          {step.description}
        </Text>
      ))}
    </Section>
  );
}

/** The follow or early-access call to action. */
export function CallToAction({ email }: EmailProps) {
  const { cta } = email.content;
  const s = email.template.styles;
  if (!cta) return null;
  return (
    <Section style={{ margin: "16px 0", backgroundColor: s.brandSoft, borderRadius: "12px", padding: "20px" }}>
      <Heading as="h2" style={{ fontSize: "20px", color: s.brandStrong, margin: "0 0 8px" }}>
        {cta.title}
      </Heading>
      <Text style={paragraph(s)}>{cta.description}</Text>
      <Button
        href={cta.url}
        style={{
          backgroundColor: s.brandStrong,
          color: "#ffffff",
          borderRadius: "8px",
          padding: "12px 20px",
          fontSize: "15px",
          fontWeight: 700,
          textDecoration: "none",
        }}
      >
        {cta.buttonText}
      </Button>
    </Section>
  );
}

export function Closing({ email }: EmailProps) {
  const { closing } = email.content.main;
  if (!closing) return null;
  return <Text style={{ ...paragraph(email.template.styles), margin: "16px 0 0" }}>{closing}</Text>;
}

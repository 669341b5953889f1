// Email over SMTP through `nodemailer` (DECISIONS §14): plain text and simple HTML, a link to the
// thing itself, never an attachment and never a one-click approve.
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { DeliveryOutcome } from "./push";
import { SEND_TIMEOUT_MS } from "./push";
import type { ReachMessage } from "../reach/kinds";

export type RenderedEmail = { subject: string; text: string; html: string };

/** One transporter per SMTP_URL, kept for the process (it pools nothing; each send opens a connection). */
const transporters = new Map<string, Transporter>();

function transporterFor(smtpUrl: string): Transporter {
  let t = transporters.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS });
    transporters.set(smtpUrl, t);
  }
  return t;
}

/** The name in a subject's brackets: the company's legal name without "Pvt. Ltd." and the like. */
export function shortCompanyName(legalName: string): string {
  const short = legalName.replace(/[\s,]+(private\s+limited|pvt\.?\s*ltd\.?|limited|ltd\.?|llp)\s*$/i, "").trim();
  return short || "Business Management System";
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * `[Sharma Textiles] Approval needed: TXN-000123 Travel ₹12,500.00`, the message's lines, and a
 * link to open it. `items` (the daily digest) become a list.
 */
export function renderEmail(message: ReachMessage & { items?: { line: string; url: string }[] }, where: { company: string; publicUrl: string }): RenderedEmail {
  const link = where.publicUrl + message.url;
  const settings = `${where.publicUrl}/account/notifications`;
  const lines = message.body.split("\n");
  const items = message.items ?? [];
  const subject = `[${where.company}] ${message.title}: ${message.headline}`;
  const text = [
    message.title,
    "",
    ...lines,
    ...(items.length ? ["", ...items.map((i) => `- ${i.line}\n  ${where.publicUrl}${i.url}`)] : []),
    "",
    `Open it: ${link}`,
    "",
    `You receive this from ${where.company}'s Business Management System. Choose what you receive: ${settings}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5;margin:0;padding:24px;background:#f8fafc">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(message.title)}</h1>
${lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join("\n")}
${items.length ? `<ul style="padding-left:20px;margin:12px 0">${items.map((i) => `<li style="margin:0 0 6px"><a href="${escapeHtml(where.publicUrl + i.url)}" style="color:#1d4ed8">${escapeHtml(i.line)}</a></li>`).join("")}</ul>` : ""}
<p style="margin:20px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">Open in the app</a></p>
<p style="font-size:12px;color:#475569;margin:16px 0 0">You receive this from ${escapeHtml(where.company)}'s Business Management System. <a href="${escapeHtml(settings)}" style="color:#475569">Choose what you receive</a>.</p>
</div></body></html>`;
  return { subject, text, html };
}

/**
 * Sends one email. A permanent refusal by the mail server (a 5xx answer: no such mailbox, refused
 * sender) is not tried again; anything else (a 4xx, a connection that failed or timed out) is.
 */
export async function sendEmail(mail: NonNullable<Config["mail"]>, to: string, email: RenderedEmail): Promise<DeliveryOutcome> {
  try {
    await transporterFor(mail.smtpUrl).sendMail({ from: mail.from, to, subject: email.subject, text: email.text, html: email.html });
    return { result: "sent" };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; message?: string };
    const said = (e.response ?? e.message ?? String(err)).slice(0, 300);
    if (typeof e.responseCode === "number" && e.responseCode >= 500) return { result: "failed", error: `The mail server refused it (${said})` };
    return { result: "retry", error: `Could not send the email: ${said}` };
  }
}

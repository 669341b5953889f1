// A real SMTP server in the test process (the `smtp-server` package): it takes the mail the server
// under test sends over SMTP and parses it (`mailparser`), so tests read the subject, the text and
// the HTML a person would get. It can refuse a recipient for good (a 550), as a mail server does
// for a mailbox that does not exist.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; attachments: number; mail: ParsedMail };

export type TestMailServer = {
  url: string;
  received: ReceivedMail[];
  /** Recipients refused with 550 (a bounce at the door). */
  refuse(address: string): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startTestMailServer(): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error("No such mailbox here"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: typeof session.envelope.mailFrom === "object" && session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            attachments: mail.attachments.length,
            mail,
          });
          for (const w of waiters.splice(0)) w();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (address) => refused.add(address.toLowerCase()),
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`mail server: waited for ${count} emails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => (clearTimeout(t), resolve()));
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

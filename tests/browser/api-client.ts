// A signed-in HTTP client for seeding browser tests through the real API (the same calls the
// client makes: session cookie, the CSRF header of DECISIONS §2). Runs in the test process, so
// seeding needs no page.
import { TEST_PASSWORD, type MadeUser } from "../../server/test/factories";

export type ApiClient = {
  user: MadeUser;
  get<T = any>(path: string): Promise<T>;
  post<T = any>(path: string, body?: unknown): Promise<T>;
  put<T = any>(path: string, body?: unknown): Promise<T>;
  patch<T = any>(path: string, body?: unknown): Promise<T>;
  delete<T = any>(path: string, body?: unknown): Promise<T>;
  /** A multipart POST (e.g. the attendance import). */
  postForm<T = any>(path: string, form: FormData): Promise<T>;
  /** Attaches a small file to a transaction: upload URL, PUT of the bytes, registration. */
  attach(transactionId: string, fileName: string, text: string): Promise<{ id: string; fileName: string }>;
};

export async function signInApi(baseUrl: string, user: MadeUser, password = TEST_PASSWORD): Promise<ApiClient> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ username: user.username, password }),
  });
  // Read the whole answer before the next call: express-session stores the session (with its
  // sign-in time) while the body is still being sent, so a call racing it finds no sign-in time.
  const answer = await res.text();
  if (!res.ok) throw new Error(`sign-in of ${user.username}: ${res.status} ${answer}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  async function call<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    const headers: Record<string, string> = { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" };
    let payload: BodyInit | undefined;
    if (form) payload = form;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const answer = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} as ${user.role}: ${answer.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    user,
    get: (path) => call("GET", path),
    post: (path, body = {}) => call("POST", path, body),
    put: (path, body = {}) => call("PUT", path, body),
    patch: (path, body = {}) => call("PATCH", path, body),
    delete: (path, body) => call("DELETE", path, body),
    postForm: (path, form) => call("POST", path, undefined, form),
    async attach(transactionId, fileName, text) {
      const contentType = "text/plain";
      const { uploadURL, objectPath } = await call<{ uploadURL: string; objectPath: string }>(
        "POST",
        `/api/transactions/${transactionId}/attachments/upload-url`,
        { fileName, contentType },
      );
      const bytes = Buffer.from(text, "utf8");
      const put = await fetch(new URL(uploadURL, baseUrl), { method: "PUT", headers: { "Content-Type": contentType }, body: bytes });
      if (!put.ok) throw new Error(`upload of ${fileName}: ${put.status} ${await put.text()}`);
      return call("POST", `/api/transactions/${transactionId}/attachments`, {
        fileName,
        objectPath,
        fileSizeBytes: bytes.length,
        mimeType: contentType,
      });
    },
  };
}

/** Today in the app's time zone (APP_TIMEZONE defaults to Asia/Kolkata), as YYYY-MM-DD. */
export function todayInAppZone(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

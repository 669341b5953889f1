// A CSV download from a GET address (the session cookie goes along), saved under the name given:
// fetched rather than navigated to, so a refusal shows as the API's message instead of a blank tab.
import { throwIfResNotOk } from "./api";

export async function downloadCsv(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: "include", headers: { Accept: "text/csv" } });
  await throwIfResNotOk(res);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

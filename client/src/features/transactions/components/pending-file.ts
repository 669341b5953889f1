// A file picked for a transaction, on its way to the server: what the drop zone adds, the list of
// picked files shows, and the form uploads.
import { currentTime } from "@/lib/clock";

export type PendingFile = {
  key: string;
  file: File;
  /** 0..1 while uploading. */
  progress: number;
  state: "queued" | "uploading" | "done" | "error";
  error?: string;
};

let counter = 0;
export function toPendingFile(file: File): PendingFile {
  counter += 1;
  return { key: `${currentTime().getTime()}-${counter}`, file, progress: 0, state: "queued" };
}

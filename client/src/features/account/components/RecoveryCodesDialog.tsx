// Recovery codes are shown once (DECISIONS §13): the server keeps only their hashes, so this dialog
// is the one chance to copy or download them.
import { useState } from "react";
import { Check, Copy, Download } from "lucide-react";
import { Alert, Button, Dialog, DialogContent } from "@/components/ui";

function recoveryCodesText(codes: readonly string[], username: string): string {
  return [
    `Recovery codes for ${username} (Business Management System)`,
    "Each code signs you in once when your passkey or authenticator app is not at hand.",
    "Keep them somewhere safe and private.",
    "",
    ...codes,
    "",
  ].join("\n");
}

export function RecoveryCodesDialog({ codes, username, onClose }: { codes: string[] | null; username: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes ? recoveryCodesText(codes, username) : "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `recovery-codes-${username}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent
        size="sm"
        title="Save your recovery codes"
        description="Each code signs you in once if your passkey or authenticator app is not at hand."
        footer={
          <Button
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            I have saved them
          </Button>
        }
      >
        <div className="space-y-4">
          <Alert variant="warning">These codes are shown only now. Store them in a password manager or print them.</Alert>
          <ol
            aria-label="Recovery codes"
            className="grid grid-cols-1 gap-1.5 rounded-lg min-[420px]:grid-cols-2 sm:gap-2 border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
          >
            {(codes ?? []).map((code) => (
              <li key={code} className="whitespace-nowrap rounded bg-white px-2 py-1 text-center tracking-wide shadow-sm sm:py-1.5">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              {copied ? <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
              {copied ? "Copied" : "Copy all"}
            </Button>
            <Button variant="outline" size="sm" onClick={download}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download as text
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

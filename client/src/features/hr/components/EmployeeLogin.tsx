// An employee's login (DECISIONS §15), on the employee's page: who signs in as them, and for HR
// Admin and SuperAdmin "Give login" (a new Employee user with a one-time password, shown once),
// "Link user" (an existing user: an accountant is an employee too) and "Remove login".
import { useState } from "react";
import { runMutation } from "@/lib/mutation";
import { KeyRound, Link2, UserMinus } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "@shared/schemas/auth";
import type { z } from "zod";
import type { loginCandidatesAnswer } from "@shared/schemas/me";
import { Alert, Badge, Button, Card, ConfirmDialog, Dialog, DialogContent, Field, Input, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/api";

type Candidates = z.output<typeof loginCandidatesAnswer>;
const loginKey = (employeeId: string) => [`/api/hr/employees/${employeeId}/login`] as const;

/** "Create logins" on the employees list: one CSV of every new login, downloaded once. */
export async function downloadNewLogins(): Promise<number> {
  const res = await fetch("/api/hr/employees/logins", {
    method: "POST",
    credentials: "include",
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "text/csv" },
  });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? "Could not create the logins");
  const text = await res.text();
  const rows =
    text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/).length - 1;
  const href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = href;
  a.download = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "employee_logins.csv";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return rows;
}

export function EmployeeLogin({
  employeeId,
  employeeName,
  isActive,
  canManage,
}: {
  employeeId: string;
  employeeName: string;
  isActive: boolean;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const login = useQuery<{ login: User | null }>({ queryKey: loginKey(employeeId) });
  const [giving, setGiving] = useState(false);
  const [linking, setLinking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [username, setUsername] = useState("");
  const [userId, setUserId] = useState("");
  const [given, setGiven] = useState<{ user: User; oneTimePassword: string } | null>(null);
  const candidates = useQuery<Candidates>({ queryKey: ["/api/hr/login-candidates"], enabled: linking });
  const refresh = () => queryClient.invalidateQueries({ queryKey: loginKey(employeeId) });
  const give = useMutation({
    mutationFn: (body: { username?: string } | { userId: string }) =>
      apiJson<{ user: User; oneTimePassword?: string }>("POST", `/api/hr/employees/${employeeId}/login`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => apiJson<{ user: User }>("DELETE", `/api/hr/employees/${employeeId}/login`), onSuccess: refresh });
  const current = login.data?.login ?? null;

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <h2 className="text-base font-semibold text-slate-900">Login</h2>
          {login.isLoading ? (
            <p className="text-slate-600">Loading…</p>
          ) : current ? (
            <p className="text-slate-700">
              Signs in as <span className="font-medium text-slate-900">{current.username}</span> <Badge variant="outline">{current.role}</Badge>{" "}
              {!current.isActive ? <Badge variant="secondary">Disabled</Badge> : null}
            </p>
          ) : (
            <p className="text-slate-600">No login: {employeeName} cannot see their own days yet.</p>
          )}
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {current ? (
              <Button variant="outline" onClick={() => setRemoving(true)}>
                <UserMinus className="h-4 w-4" aria-hidden="true" />
                Remove login
              </Button>
            ) : isActive ? (
              <>
                <Button onClick={() => setGiving(true)}>
                  <KeyRound className="h-4 w-4" aria-hidden="true" />
                  Give login
                </Button>
                <Button variant="outline" onClick={() => setLinking(true)}>
                  <Link2 className="h-4 w-4" aria-hidden="true" />
                  Link user
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      <Dialog
        open={giving}
        onOpenChange={(o) => {
          if (!o) {
            setGiving(false);
            setGiven(null);
            setUsername("");
            give.reset();
          }
        }}
      >
        <DialogContent
          title={given ? "Login given" : "Give login"}
          description={
            given
              ? "Tell them these by hand: the password is shown only now and must be changed at first sign-in."
              : `A new login of the role Employee for ${employeeName}, with a one-time password.`
          }
          size="sm"
          footer={
            given ? (
              <Button
                onClick={() => {
                  setGiving(false);
                  setGiven(null);
                  setUsername("");
                }}
              >
                Done
              </Button>
            ) : (
              <>
                <Button variant="outline" onClick={() => setGiving(false)} disabled={give.isPending}>
                  Cancel
                </Button>
                <Button
                  disabled={give.isPending}
                  onClick={() =>
                    runMutation(give, username.trim() ? { username: username.trim() } : {}, {
                      onSuccess: (answer) => answer.oneTimePassword && setGiven({ user: answer.user, oneTimePassword: answer.oneTimePassword }),
                    })
                  }
                >
                  {give.isPending ? "Giving…" : "Give login"}
                </Button>
              </>
            )
          }
        >
          {given ? (
            <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="one-time-password">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">Username</dt>
                <dd className="font-mono font-semibold text-slate-900">{given.user.username}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">One-time password</dt>
                <dd className="font-mono font-semibold text-slate-900">{given.oneTimePassword}</dd>
              </div>
            </dl>
          ) : (
            <div className="grid gap-3">
              {give.isError ? <Alert variant="destructive">{errorMessage(give.error, "Could not give a login")}</Alert> : null}
              <Field label="Username" hint="Leave empty to make one from the name (priya.nair)">
                <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
              </Field>
            </div>
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={linking}
        onOpenChange={(o) => {
          if (!o) {
            setLinking(false);
            setUserId("");
            give.reset();
          }
        }}
        title="Link a user"
        description={`An existing user becomes ${employeeName} too, and gets the "Me" pages beside their own.`}
        confirmLabel="Link"
        pending={give.isPending}
        onConfirm={() =>
          userId &&
          runMutation(
            give,
            { userId },
            {
              onSuccess: (answer) => {
                toast({ title: "User linked", description: `${answer.user.name} now signs in as ${employeeName} too.` });
                setLinking(false);
                setUserId("");
              },
            },
          )
        }
      >
        <div className="grid gap-3">
          {give.isError ? <Alert variant="destructive">{errorMessage(give.error, "Could not link the user")}</Alert> : null}
          <Field label="User">
            <Select
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              placeholder={candidates.isLoading ? "Loading users…" : "Choose a user"}
              options={(candidates.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username}, ${u.role})` }))}
            />
          </Field>
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={removing}
        onOpenChange={(o) => !o && setRemoving(false)}
        title="Remove this login?"
        description={
          current?.role === "Employee"
            ? `${current.username} is disabled and signed out everywhere.`
            : `${current?.username ?? "The user"} keeps their own login and loses only ${employeeName}'s pages.`
        }
        confirmLabel="Remove login"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          runMutation(remove, undefined, {
            onSuccess: () => {
              toast({ title: "Login removed" });
              setRemoving(false);
            },
            onError: (err) => toast({ title: "Could not remove the login", description: errorMessage(err, "Try again"), variant: "destructive" }),
          })
        }
      />
    </Card>
  );
}

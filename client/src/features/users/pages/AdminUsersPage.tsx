// Admin Users, the older user screen (spec 001 §2): list refreshed every 30 s, Create User with all
// five roles, Edit Credentials (username and an optional new password), Enable/Disable.
import { useEffect, useState, type FormEvent } from "react";
import { KeyRound, Plus, Power, RefreshCw, Users } from "lucide-react";
import { POLL, ROLES, LIMITS, type Role } from "@shared/constants";
import { formatDate } from "@shared/format";
import type { User } from "@shared/schemas/auth";
import { useCurrentUser } from "@/lib/session";
import { Alert, Badge, Button, Card, Dialog, DialogContent, EmptyState, Field, FormDialogFooter, Input, Select, Spinner } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { ROLE_BADGE, useUserMutations, useUsers } from "../api";
import { useUserStatusToggle } from "../components/UserStatusToggle";

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { create } = useUserMutations();
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setUsername("");
      setName("");
      setRole("");
      setPassword("");
      setError(null);
    }
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !name.trim() || !role || !password) {
      setError("All fields are required");
      return;
    }
    if (password.length < LIMITS.passwordMin) {
      setError("Password must be at least 6 characters long");
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({ username: username.trim(), name: name.trim(), role: role as Role, password });
      toast({ title: "User Created", description: `${name.trim()} can now sign in as ${username.trim()}` });
      onOpenChange(false);
    } catch (err) {
      const message = errorMessage(err, "Failed to create user");
      setError(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create User"
        description="Any of the five roles, including the HR roles."
        footer={
          <FormDialogFooter
            formId="admin-create-user"
            submitLabel="Create User"
            pending={create.isPending}
            pendingLabel="Creating…"
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="admin-create-user" onSubmit={onSubmit} noValidate className="grid gap-4">
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          <Field label="Username" required>
            <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </Field>
          <Field label="Full Name" required>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          </Field>
          <Field label="Role" required>
            <Select placeholder="Select a role" value={role} onChange={(e) => setRole(e.target.value)} options={ROLES.map((r) => ({ value: r, label: r }))} />
          </Field>
          <Field label="Password" required hint="At least 6 characters">
            <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EditCredentialsDialog({ user, onOpenChange }: { user: User | null; onOpenChange: (o: boolean) => void }) {
  const { changeUsername, changePassword } = useUserMutations();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    if (user) {
      setUsername(user.username);
      setPassword("");
      setError(null);
      setWarning(null);
    }
  }, [user]);
  const pending = changeUsername.isPending || changePassword.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const usernameChanged = username.trim() !== "" && username.trim() !== user.username;
    const passwordGiven = password !== "";
    setError(null);
    setWarning(null);
    if (!usernameChanged && !passwordGiven) {
      setWarning("No changes to save");
      return;
    }
    if (passwordGiven && password.length < LIMITS.passwordMin) {
      setError("Password must be at least 6 characters long");
      return;
    }
    try {
      if (usernameChanged) {
        try {
          await changeUsername.mutateAsync({ id: user.id, newUsername: username.trim() });
        } catch (err) {
          throw new Error(errorMessage(err, "Failed to change username"));
        }
      }
      if (passwordGiven) {
        try {
          await changePassword.mutateAsync({ id: user.id, newPassword: password });
        } catch (err) {
          throw new Error(errorMessage(err, "Failed to change password"));
        }
      }
      toast({
        title: "User Updated",
        description: [usernameChanged ? `username is now ${username.trim()}` : null, passwordGiven ? "password changed" : null].filter(Boolean).join("; "),
      });
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof Error ? err.message : "Failed to update user";
      setError(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  };

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title="Edit Credentials"
        description={user ? `Sign-in details of ${user.name}.` : undefined}
        footer={<FormDialogFooter formId="edit-credentials" submitLabel="Save" pending={pending} onCancel={() => onOpenChange(false)} />}
      >
        <form id="edit-credentials" onSubmit={onSubmit} noValidate className="grid gap-4">
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          {warning ? <Alert variant="warning">{warning}</Alert> : null}
          <Field label="Username" required>
            <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </Field>
          <Field label="New Password" hint="Leave empty to keep the current password">
            <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function AdminUsersPage() {
  const me = useCurrentUser();
  const users = useUsers({ refetchInterval: POLL.userListMs });
  const status = useUserStatusToggle();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const list = users.data ?? [];
  const toggle = status.toggle;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <RefreshCw className={"h-3.5 w-3.5" + (users.isFetching ? " animate-spin" : "")} aria-hidden="true" />
          {list.length} user{list.length === 1 ? "" : "s"} · refreshes every 30 seconds
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create User
        </Button>
      </div>
      {users.isError ? <Alert variant="destructive">{errorMessage(users.error, "Failed to load users")}</Alert> : null}
      {users.isLoading ? (
        <div className="flex justify-center py-14">
          <Spinner size="lg" label="Loading users" />
        </div>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={Users} title="No users yet" />
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {list.map((u) => (
              <li key={u.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:px-5">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold text-slate-900">{u.username}</span>
                    <Badge variant={ROLE_BADGE[u.role] ?? "secondary"}>{u.role}</Badge>
                    <Badge variant={u.isActive ? "success" : "destructive"}>{u.isActive ? "Active" : "Disabled"}</Badge>
                  </div>
                  <p className="mt-0.5 text-sm text-slate-700">
                    {u.name}
                    <span className="text-slate-500"> · created {formatDate(u.createdAt)}</span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(u)} aria-label={`Edit credentials of ${u.username}`}>
                    <KeyRound className="h-4 w-4" aria-hidden="true" />
                    Edit Credentials
                  </Button>
                  {u.id !== me.id ? (
                    <Button
                      variant={u.isActive ? "outline" : "default"}
                      size="sm"
                      onClick={() => toggle(u)}
                      disabled={status.pending}
                      aria-label={`${u.isActive ? "Disable" : "Enable"} ${u.username}`}
                      className={u.isActive ? "text-red-700" : undefined}
                    >
                      <Power className="h-4 w-4" aria-hidden="true" />
                      {u.isActive ? "Disable" : "Enable"}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <EditCredentialsDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} />
      {status.dialog}
    </div>
  );
}

// User Management (spec 001 §2): table User/Role/Status/Visibility Window/Approval Limit/Created/Actions,
// create/edit, reset password, activate/deactivate and delete (never yourself). Cards on phones.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState } from "react";
import { ArrowLeft, KeyRound, Pencil, Plus, ShieldOff, Trash2, UserCog, Users } from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatRupees } from "@shared/format";
import { isApproverRole } from "@shared/constants";
import type { User } from "@shared/schemas/auth";
import { PATHS } from "@/lib/paths";
import { useCurrentUser } from "@/lib/session";
import { ActiveToggleAction, Badge, Button, buttonVariants, ConfirmDialog, EmptyState, ListCard, ResponsiveList, RowAction } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { ROLE_BADGE, useUserMutations, useUsers } from "../api";
import { useUserStatusToggle } from "../components/UserStatusToggle";
import type { ResetPasswordDialog as ResetPasswordDialogType } from "../components/ResetPasswordDialog";
import type { UserFormDialog as UserFormDialogType } from "../components/UserFormDialog";
import type { ResetSecondFactorDialog as ResetSecondFactorDialogType } from "../components/ResetSecondFactorDialog";

const ResetPasswordDialog = lazyDialog<ComponentProps<typeof ResetPasswordDialogType>>(
  () => import("../components/ResetPasswordDialog").then((m) => m.ResetPasswordDialog),
  (p) => p.user !== null,
);
const ResetSecondFactorDialog = lazyDialog<ComponentProps<typeof ResetSecondFactorDialogType>>(
  () => import("../components/ResetSecondFactorDialog").then((m) => m.ResetSecondFactorDialog),
  (p) => p.user !== null,
);
const UserFormDialog = lazyDialog<ComponentProps<typeof UserFormDialogType>>(
  () => import("../components/UserFormDialog").then((m) => m.UserFormDialog),
  (p) => p.open,
);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");
}

/** An approving role's limit in rupees, "No limit", or null for a role that does not approve. */
function limitWords(u: User): string | null {
  if (!isApproverRole(u.role)) return null;
  return u.approvalLimit ? formatRupees(u.approvalLimit) : "No limit";
}

function UserCell({ user, isYou }: { user: User; isYou: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800" aria-hidden="true">
        {initials(user.name) || "?"}
      </span>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 wrap-anywhere">
          {user.name}
          {isYou ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="text-xs text-slate-600 wrap-anywhere">@{user.username}</p>
      </div>
    </div>
  );
}

export default function UserManagementPage() {
  const me = useCurrentUser();
  const users = useUsers();
  const { remove } = useUserMutations();
  const status = useUserStatusToggle();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resettingFactor, setResettingFactor] = useState<User | null>(null);
  const list = users.data ?? [];

  const toggle = status.toggle;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "User Deleted", description: `${deleting.name} was deleted` });
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to delete user"), variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  };

  const actions = (u: User, labelled = false) => {
    const isYou = u.id === me.id;
    return (
      <>
        <RowAction
          labelled={labelled}
          icon={Pencil}
          label="Edit"
          onClick={() => {
            setEditing(u);
            setFormOpen(true);
          }}
          aria-label={`Edit ${u.name}`}
        />
        <RowAction labelled={labelled} icon={KeyRound} label="Password" onClick={() => setResetting(u)} aria-label={`Reset password of ${u.name}`} />
        {!isYou ? (
          <>
            <RowAction
              labelled={labelled}
              icon={ShieldOff}
              label="Second factor"
              onClick={() => setResettingFactor(u)}
              aria-label={`Reset second factor of ${u.name}`}
            />
            <ActiveToggleAction labelled={labelled} active={u.isActive} name={u.name} onClick={() => toggle(u)} disabled={status.pending} />
            <RowAction
              labelled={labelled}
              icon={Trash2}
              label="Delete"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setDeleting(u)}
              aria-label={`Delete ${u.name}`}
            />
          </>
        ) : null}
      </>
    );
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link href={PATHS.admin} className={buttonVariants({ variant: "outline", className: "self-start" })}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Admin
        </Link>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create User
        </Button>
      </div>

      <ListCard
        icon={UserCog}
        title={<>System Users ({list.length})</>}
        query={users}
        count={list.length}
        loadingLabel="Loading users"
        errorFallback="Failed to load users"
        empty={<EmptyState icon={Users} title="No users yet" description="Create the first account." />}
      >
        <ResponsiveList
          tableLabel="System users"
          head={
            <>
              <th scope="col" className="px-3 py-2.5">
                User
              </th>
              <th scope="col" className="px-3 py-2.5">
                Role
              </th>
              <th scope="col" className="px-3 py-2.5">
                Status
              </th>
              <th scope="col" className="px-3 py-2.5">
                Visibility Window
              </th>
              <th scope="col" className="whitespace-nowrap px-3 py-2.5">
                Approval Limit
              </th>
              <th scope="col" className="px-3 py-2.5">
                Created
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Actions
              </th>
            </>
          }
          rows={list.map((u) => (
            <tr key={u.id} className="hover:bg-slate-50/60">
              <td className="min-w-[13rem] px-3 py-3">
                <UserCell user={u} isYou={u.id === me.id} />
              </td>
              <td className="px-3 py-3">
                <Badge variant={ROLE_BADGE[u.role] ?? "secondary"}>{u.role}</Badge>
              </td>
              <td className="px-3 py-3">
                <Badge variant={u.isActive ? "success" : "destructive"}>{u.isActive ? "Active" : "Inactive"}</Badge>
              </td>
              <td className="px-3 py-3 tabular-nums text-slate-700">{u.visibilityWindowDays} days</td>
              <td className="whitespace-nowrap px-3 py-3 tabular-nums text-slate-700">{limitWords(u) ?? <span className="text-slate-400">—</span>}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{formatDate(u.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-3 text-right">{actions(u)}</td>
            </tr>
          ))}
          cards={list.map((u) => (
            <li key={u.id} className="space-y-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <UserCell user={u} isYou={u.id === me.id} />
                <Badge variant={u.isActive ? "success" : "destructive"}>{u.isActive ? "Active" : "Inactive"}</Badge>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <Badge variant={ROLE_BADGE[u.role] ?? "secondary"}>{u.role}</Badge>
                <span>{u.visibilityWindowDays}-day window</span>
                {limitWords(u) ? <span>Approves {u.approvalLimit ? `up to ${limitWords(u)}` : "any amount"}</span> : null}
                <span>Created {formatDate(u.createdAt)}</span>
              </div>
              <div className="-ml-2 flex flex-wrap gap-1">{actions(u, true)}</div>
            </li>
          ))}
        />
      </ListCard>

      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} currentUserId={me.id} />
      <ResetPasswordDialog user={resetting} onOpenChange={(open) => !open && setResetting(null)} />
      <ResetSecondFactorDialog user={resettingFactor} onOpenChange={(open) => !open && setResettingFactor(null)} />
      {status.dialog}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User"
        description={deleting ? `Delete ${deleting.name} (@${deleting.username})? They will no longer be able to sign in. This cannot be undone.` : undefined}
        confirmLabel="Delete User"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p className="text-sm text-slate-600">Their transactions, approvals and audit history are kept.</p>
      </ConfirmDialog>
    </div>
  );
}

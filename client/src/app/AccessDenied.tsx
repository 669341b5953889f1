import { ShieldOff } from "lucide-react";
import { Link } from "wouter";
import type { Role } from "@shared/constants";
import { MessageCard } from "@/components/layout/MessageCard";
import { buttonVariants } from "@/components/ui/button";
import { accessDeniedMessage } from "./permissions";

/** Shown instead of a page the current role may not open; never a blank page. */
export function AccessDenied({ roles }: { roles: readonly Role[] }) {
  return (
    <MessageCard
      icon={ShieldOff}
      tone="danger"
      title="Access Denied"
      action={
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Return to Home
        </Link>
      }
    >
      <p role="alert">{accessDeniedMessage(roles)}</p>
    </MessageCard>
  );
}

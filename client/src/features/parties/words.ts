// What the parties' screens say in more than one place, kept apart from the form so a page that
// only lists parties does not load the form's code (DECISIONS §9).
import type { ConfirmDeactivateProps } from "@/components/ui";

/** What deactivating a party asks, naming it and what follows (DECISIONS §16): the list's button and this form's Active box say the same. */
export function partyDeactivation(name: string | undefined): Pick<ConfirmDeactivateProps, "title" | "consequences" | "confirmLabel"> {
  return {
    title: `Deactivate ${name ?? "the party"}?`,
    consequences:
      "It can no longer be named on new transactions. Transactions that name it keep it, in the lists and in the books' exports; you can activate it again later.",
    confirmLabel: "Deactivate party",
  };
}

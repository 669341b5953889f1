// Forms check their values with the server's own zod schemas (shared/), so a message reads the same
// on both sides. zod is heavy for a screen: a screen fetches it, and the form's schema, only when
// the form is first checked (on submit, or on change after a failed submit), not with the screen
// (DECISIONS §9: 150 KB a route). The fetch is one request for files the browser then keeps.
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/** A react-hook-form resolver over the zod schema `loadSchema` answers, loaded on first use. */
export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(loadSchema: () => Promise<ZodType>): Resolver<TInput, unknown, TOutput> {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
    );
    try {
      return await (
        await ready
      )(values, context, options);
    } catch (err) {
      // A failed fetch (offline) may succeed next time.
      ready = undefined;
      throw err;
    }
  };
}

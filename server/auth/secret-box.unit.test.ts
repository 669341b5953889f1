import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

describe("sealSecret / openSecret", () => {
  it("round-trips under the key, differently each time, and refuses another key or a changed byte", () => {
    const a = sealSecret("JBSWY3DPEHPK3PXP", "key-one");
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealSecret("JBSWY3DPEHPK3PXP", "key-one")).not.toBe(a);
    expect(openSecret(a, "key-one")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openSecret(a, "key-two")).toThrow();
    // A character inside the IV and tag (the last one may carry only padding bits).
    const i = "gcm1:".length + 20;
    const changed = a.slice(0, i) + (a[i] === "A" ? "B" : "A") + a.slice(i + 1);
    expect(() => openSecret(changed, "key-one")).toThrow();
    expect(() => openSecret(a, null)).toThrow(/SECOND_FACTOR_KEY/);
  });

  it("without a key stores the secret as it is, and reads unsealed secrets with or without one", () => {
    expect(sealSecret("JBSWY3DPEHPK3PXP", null)).toBe("JBSWY3DPEHPK3PXP");
    expect(openSecret("JBSWY3DPEHPK3PXP", "key-one")).toBe("JBSWY3DPEHPK3PXP");
  });
});

import type { Config } from "tailwindcss";

export default {
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: ["Inter", "ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
      colors: {
        brand: {
          50: "#eef5ff",
          100: "#d9e8ff",
          200: "#bcd6ff",
          300: "#8ebcff",
          400: "#5996fd",
          500: "#3372f8",
          600: "#1d53ed",
          700: "#1641d9",
          800: "#1936b0",
          900: "#1a338b",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;

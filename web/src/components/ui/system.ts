import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/**
 * Deep Kenyan-flag green as the brand palette. The solid shade is dark enough for white text to pass WCAG AA,
 * which matters for the many readers on phones outdoors.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: "brand" },
    body: { bg: "bg.subtle", color: "fg" },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#e7f5ec" },
          100: { value: "#c4e6d1" },
          200: { value: "#90cfaa" },
          300: { value: "#5bb582" },
          400: { value: "#2f9c60" },
          500: { value: "#0f8446" },
          600: { value: "#0a6e3a" },
          700: { value: "#075a30" },
          800: { value: "#054626" },
          900: { value: "#03321b" },
          950: { value: "#021f11" },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.200}" },
          subtle: { value: "{colors.brand.100}" },
          emphasized: { value: "{colors.brand.300}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

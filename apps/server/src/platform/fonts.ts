import { fileURLToPath } from 'node:url';

// The fonts the server draws pages with. Exported papers and report charts name 宋体 and 黑体;
// `apps/server/fonts.conf` maps them to the Noto CJK serif and sans (fonts-noto-cjk) on top of the
// system's fontconfig setup, and fontconfig finds that file through FONTCONFIG_FILE. An operator's
// own FONTCONFIG_FILE wins: it is a deliberate choice for that machine.

export const PROJECT_FONTS_CONFIG = fileURLToPath(new URL('../../fonts.conf', import.meta.url));

/** The environment of a program that draws pages (LibreOffice) with the project's fonts. */
export function withProjectFonts(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, FONTCONFIG_FILE: env.FONTCONFIG_FILE || PROJECT_FONTS_CONFIG };
}

/**
 * For drawing inside this process (sharp: librsvg → pango → fontconfig). fontconfig reads
 * FONTCONFIG_FILE once, when the first text is laid out, so this runs before the first chart.
 */
export function useProjectFonts(): void {
  process.env.FONTCONFIG_FILE ||= PROJECT_FONTS_CONFIG;
}

/** Build-time constants (see wxt.config.ts). Empty strings in store builds. */
declare const __LENS_SIM_URL__: string;
declare const __LENS_SIM_KEY__: string;
declare const __LENS_TEST_HOOKS__: boolean;

export const BUILD_SIM_URL: string = typeof __LENS_SIM_URL__ === 'string' ? __LENS_SIM_URL__ : '';
export const BUILD_SIM_KEY: string = typeof __LENS_SIM_KEY__ === 'string' ? __LENS_SIM_KEY__ : '';
export const BUILD_TEST_HOOKS: boolean =
  typeof __LENS_TEST_HOOKS__ === 'boolean' ? __LENS_TEST_HOOKS__ : false;

/**
 * The overlay's e2e mirrors (badge and popover text copied onto their hosts, since the shadow
 * roots are closed): test builds and unit tests (Vitest's mode) only, so store builds drop them.
 */
export const MIRROR_HOOKS: boolean = BUILD_TEST_HOOKS || import.meta.env.MODE === 'test';

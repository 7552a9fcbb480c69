/**
 * The development default of the server's APP_KEY (protocol.md): it encrypts the calls made
 * before login (user/userLogin, user/autoLogin). Deployments set VITE_APP_KEY at build time to the
 * server's APP_KEY; the server refuses to start in production with this default unchanged.
 */
export const DEV_APP_KEY = 'HuiKaoCloudDevAppKey0123456789ab';

export const APP_KEY: string = import.meta.env.VITE_APP_KEY || DEV_APP_KEY;

import { Layout } from 'antd';
import { useAppConfig } from '../lib/app-config.ts';

/** Spec §1: copyright and regional filing texts (the server picks them by version type) and the version label. */
export function AppFooter() {
  const { footer, versionLabel } = useAppConfig();
  return (
    <Layout.Footer style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)', fontSize: 12, lineHeight: '22px' }}>
      {footer.copyright ? <div>{footer.copyright}</div> : null}
      {footer.filing ? (
        <div>
          {footer.filingUrl ? (
            <a href={footer.filingUrl} target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
              {footer.filing}
            </a>
          ) : (
            footer.filing
          )}
        </div>
      ) : null}
      <div>版本 {versionLabel}</div>
    </Layout.Footer>
  );
}

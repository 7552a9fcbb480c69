import { Spin } from 'antd';

/** Shown while a lazily loaded area or page arrives. */
export function PageSpinner() {
  return (
    <div style={{ display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

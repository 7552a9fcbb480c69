import { FloatButton } from 'antd';

/** Spec §1: appears after 300 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  return <FloatButton.BackTop visibilityHeight={BACK_TO_TOP_AFTER_PX} tooltip="回到顶部" />;
}

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormulaText } from './formula-text.tsx';

describe('FormulaText', () => {
  it('renders formulas with KaTeX and keeps the text around them', () => {
    const { container } = render(<FormulaText text={'$\\frac{1}{2}$ 的倒数是'} />);
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.textContent).toContain('的倒数是');
  });

  it('never injects HTML from the text', () => {
    const { container } = render(<FormulaText text={'<img src=x onerror=alert(1)> $x$ <b>粗</b>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>粗</b>');
  });

  it('shows a formula KaTeX cannot parse as its source instead of throwing', () => {
    const { container } = render(<FormulaText text={'错误 $\\frac{1$ 公式'} />);
    expect(container.textContent).toContain('\\frac{1');
  });
});

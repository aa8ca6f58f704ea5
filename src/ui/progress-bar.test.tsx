import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('is announced by its label with its value, and filled to it', () => {
    render(<ProgressBar className="track" fillClassName="fill" percent={40} label="Progresso do nível" />);
    const bar = screen.getByRole('progressbar', { name: 'Progresso do nível' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveClass('track');
    expect(bar.firstElementChild).toHaveClass('fill');
    expect(bar.firstElementChild).toHaveStyle({ width: '40%' });
  });

  it('draws and announces a value outside 0–100 at the nearest end', () => {
    const { rerender } = render(<ProgressBar className="track" percent={150} label="Missão" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar').firstElementChild).toHaveStyle({ width: '100%' });
    rerender(<ProgressBar className="track" percent={-5} label="Missão" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('progressbar').firstElementChild).toHaveStyle({ width: '0%' });
  });
});

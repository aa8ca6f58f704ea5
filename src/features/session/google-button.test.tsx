import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleButton } from './google-button';
import { loadScript } from './third-party';

vi.mock('./third-party', () => ({ loadScript: vi.fn() }));
const load = vi.mocked(loadScript);

type GoogleWindow = { google?: unknown };

afterEach(() => {
  delete (window as GoogleWindow).google;
  load.mockReset();
});

const renderButton = () =>
  render(<GoogleButton clientId="client-1" locale="pt" orLabel="ou" onCredential={() => {}} />);

describe('GoogleButton (offline third parties)', () => {
  it('the script cannot load: neither the "ou" divider nor the button box shows', async () => {
    load.mockRejectedValue(new Error('script failed to load'));
    renderButton();
    const block = screen.getByTestId('google-sign-in');
    await waitFor(() => expect(block).toHaveAttribute('data-state', 'failed'));
    expect(block).not.toBeVisible();
    expect(screen.queryByText('ou')).toBeNull();
  });

  it("the script loads but Google's API is missing: same as failed", async () => {
    load.mockResolvedValue(undefined);
    renderButton();
    await waitFor(() => expect(screen.getByTestId('google-sign-in')).toHaveAttribute('data-state', 'failed'));
    expect(screen.queryByText('ou')).toBeNull();
  });

  it('while loading nothing but an empty box; once drawn, the divider and the button', async () => {
    let loaded!: () => void;
    load.mockReturnValue(new Promise<void>((resolve) => (loaded = resolve)));
    const renderInto = vi.fn((el: HTMLElement) =>
      el.append(Object.assign(document.createElement('button'), { textContent: 'Google' })),
    );
    (window as GoogleWindow).google = { accounts: { id: { initialize: vi.fn(), renderButton: renderInto } } };
    renderButton();
    expect(screen.getByTestId('google-sign-in')).toHaveAttribute('data-state', 'loading');
    expect(screen.queryByText('ou')).toBeNull();
    loaded();
    await waitFor(() => expect(screen.getByTestId('google-sign-in')).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByText('ou')).toBeVisible();
    expect(screen.getByTestId('google-button')).toHaveAttribute('data-ready', 'true');
    expect(renderInto).toHaveBeenCalledWith(
      screen.getByTestId('google-button'),
      expect.objectContaining({ locale: 'pt' }),
    );
  });
});

import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { FileButton, UploadProgress, useLocalPreview } from './file-upload';

describe('file upload parts', () => {
  it('read the progress out, and hand a chosen file over (the same file may be chosen again)', async () => {
    const onFile = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <UploadProgress percent={40} label="Sending the CV" />
        <FileButton label="Upload" inputLabel="Upload the CV" accept="application/pdf,.pdf" onFile={onFile} />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Sending the CV' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 %')).toBeInTheDocument();
    const input = screen.getByLabelText('Upload the CV');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    await user.upload(input, file);
    await user.upload(input, file);
    expect(onFile.mock.calls).toEqual([[file], [file]]);
  });

  it('keep a preview of a file just sent, revoked when replaced and when gone', () => {
    const create = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    const revoke = vi.fn();
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    onTestFinished(() => {
      Object.assign(URL, saved);
    });
    const { result, unmount } = renderHook(() => useLocalPreview());
    act(() => result.current[1](new File(['a'], 'a.png', { type: 'image/png' })));
    expect(result.current[0]).toBe('blob:a.png');
    act(() => result.current[1](null));
    expect(result.current[0]).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:a.png');
    act(() => result.current[1](new File(['b'], 'b.png', { type: 'image/png' })));
    unmount();
    expect(revoke).toHaveBeenLastCalledWith('blob:b.png');
  });
});

// A dialog that fills a phone's screen and floats, at most `maxWidth` pixels wide, from the small
// breakpoint up: by CSS alone, so that no media-query hook is loaded (decision 14).

/** The `sx` of a Dialog whose paper fills the screen below the small breakpoint. */
export const phoneFullScreenSx = (maxWidth: number) =>
  ({
    '& .MuiDialog-paper': {
      m: { xs: 0, sm: 4 },
      width: { xs: '100%' },
      maxWidth: { xs: '100%', sm: maxWidth },
      height: { xs: '100%', sm: 'auto' },
      maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
      borderRadius: { xs: 0, sm: 1 },
    },
  }) as const;

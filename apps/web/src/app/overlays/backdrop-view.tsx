import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

export default function BackdropView({ open, label }: { open: boolean; label: string }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {open ? <CircularProgress color="inherit" aria-label={label} /> : null}
    </Backdrop>
  );
}

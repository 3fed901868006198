/** Commands to cloud boxes (docs/box-protocol.md "Commands"): their states and why one failed. */
export default {
  state: {
    queued: 'Waiting for the box',
    sent: 'Sent',
    accepted: 'Accepted',
    downloading: 'Downloading',
    verifying: 'Verifying',
    updating: 'Updating',
    done: 'Done',
    failed: 'Failed',
    timeout: 'No answer',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  reason: {
    'bad-args': 'the box refused the settings',
    unsupported: 'the box does not know this command',
    expired: 'it waited too long for the box',
    busy: 'the box was busy with another command',
    'download-failed': 'the download failed',
    'size-mismatch': 'the image had the wrong size',
    'checksum-mismatch': 'the image failed its SHA-256 check',
    'install-failed': 'the installation failed',
    unreachable: 'the new server could not be reached',
  },
};

"""The contact log itself."""

from dataclasses import dataclass

from .bands import MODES, band_for


@dataclass
class Contact:
    callsign: str
    freq_mhz: float
    mode: str
    band: str


def add_contact(log, callsign, freq_mhz, mode):
    """Append a contact to `log` (a list) and return it."""
    mode = mode.strip().upper()
    if mode not in MODES:
        raise ValueError("unknown mode %r" % (mode,))
    band = band_for(freq_mhz) or "?"
    contact = Contact(callsign.strip().upper(), float(freq_mhz), mode, band)
    log.append(contact)
    return contact


def load_log(lines):
    log = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        callsign, freq, mode = line.split()
        add_contact(log, callsign, float(freq), mode)
    return log

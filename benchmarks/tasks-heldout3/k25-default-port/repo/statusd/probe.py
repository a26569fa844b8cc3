import os
import shutil


def snapshot(disk_path):
    load1, load5, load15 = os.getloadavg()
    usage = shutil.disk_usage(disk_path)
    return {
        "load": [round(load1, 2), round(load5, 2), round(load15, 2)],
        "disk_free_gb": round(usage.free / 1e9, 1),
        "disk_used_pct": round(100 * usage.used / usage.total, 1),
    }

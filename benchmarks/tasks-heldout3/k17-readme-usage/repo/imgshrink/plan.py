"""Work out what to do with each input file."""
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Job:
    source: Path
    target: Path
    max_width: int
    quality: int

    def run(self):
        from PIL import Image  # imported lazily so --dry-run works without Pillow

        self.target.parent.mkdir(parents=True, exist_ok=True)
        with Image.open(self.source) as img:
            if img.width > self.max_width:
                height = round(img.height * self.max_width / img.width)
                img = img.resize((self.max_width, height))
            img.save(self.target, "JPEG", quality=self.quality, optimize=True)


def plan_jobs(files, output_dir, max_width, quality):
    out = Path(output_dir)
    return [Job(Path(f), out / Path(f).name, max_width, quality) for f in files]

from .exporters import export_csv, export_json, legacy_export_xml

__all__ = ["export_csv", "export_json", "legacy_export_xml"]

"""Deep-merge configuration dictionaries."""
import copy


def merge_configs(base, override):
    """Return a new dict: *base* updated by *override*, merging nested dicts."""
    result = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge_configs(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result

"""Station list and distance lookups."""
import csv
import math
from collections import namedtuple

EARTH_RADIUS_KM=6371.0
Station=namedtuple("Station","id name lat lon elevation_m")

def parse_station(row):
  """Build a Station from a csv.DictReader row."""
  lat=float(row["lat"]);lon=float(row["lon"])
  if not (-90<=lat<=90 and -180<=lon<=180): raise ValueError("bad position for station %r" % row["id"])
  return Station(row["id"].strip(),row["name"].strip(),lat,lon,int(row.get("elevation_m") or 0))

def load_stations(lines):
  return [parse_station(row) for row in csv.DictReader(lines)]   

def distance_km(lat1,lon1,lat2,lon2):
  """Great-circle distance (haversine)."""
  p1,p2=math.radians(lat1),math.radians(lat2)
  dp=p2-p1
  dl=math.radians(lon2-lon1)
  a=math.sin(dp/2)**2+math.cos(p1)*math.cos(p2)*math.sin(dl/2)**2
  return 2*EARTH_RADIUS_KM*math.asin(math.sqrt(a))
def nearest_station(stations,lat,lon,max_km = None):
  """Closest station to (lat, lon), or None if none is within max_km."""
  best=None
  best_km=None
  for st in stations:
      km=distance_km(lat,lon,st.lat,st.lon)
      if best_km is None or km<best_km:
          best,best_km=st,km
  if max_km is not None and best_km is not None and best_km>max_km:
    return None
  return best

def stations_within(stations,lat,lon,radius_km,min_elevation_m = 0,sort_by_distance = True):
  # keep the stations inside the radius that are at least min_elevation_m high, nearest first
  found=[(distance_km(lat,lon,st.lat,st.lon),st) for st in stations if st.elevation_m>=min_elevation_m]
  found=[pair for pair in found if pair[0]<=radius_km]
  if sort_by_distance: found.sort(key = lambda pair:(pair[0],pair[1].id))
  return [st for km,st in found]

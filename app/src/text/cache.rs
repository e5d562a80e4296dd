//! A bounded cache in two generations: new entries go to the young one; when it outweighs half the bound it
//! becomes the old one (the previous old one is dropped), and an old entry that is used again moves back to the
//! young one. What a text keeps using stays cached however much else passes through (every edit of a field, every
//! width of a resized window), and the whole never holds more than the bound.

use std::collections::HashMap;
use std::hash::Hash;

/// The cache (see the module docs); each entry carries its weight.
#[derive(Debug)]
pub struct Generations<K, V> {
    young: HashMap<K, (V, usize)>,
    old: HashMap<K, (V, usize)>,
    young_weight: usize,
    bound: usize,
}

impl<K: Hash + Eq, V: Clone> Generations<K, V> {
    /// An empty cache that holds at most about `bound` weight.
    pub fn new(bound: usize) -> Generations<K, V> {
        Generations { young: HashMap::new(), old: HashMap::new(), young_weight: 0, bound }
    }

    /// The entry under `key`, moved to the young generation when it was old.
    pub fn get(&mut self, key: &K) -> Option<V>
    where
        K: Clone,
    {
        if let Some((value, _)) = self.young.get(key) {
            return Some(value.clone());
        }
        let (value, weight) = self.old.remove(key)?;
        self.insert(key.clone(), value.clone(), weight);
        Some(value)
    }

    /// Caches `value` under `key` with `weight`.
    pub fn insert(&mut self, key: K, value: V, weight: usize) {
        if self.young_weight + weight > self.bound / 2 && !self.young.is_empty() {
            self.old = std::mem::take(&mut self.young);
            self.young_weight = 0;
        }
        self.young_weight += weight;
        if let Some((_, replaced)) = self.young.insert(key, (value, weight)) {
            self.young_weight -= replaced;
        }
    }

    /// How many entries both generations hold.
    pub fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_used_again_survives_a_flood_and_the_weight_stays_bounded() {
        let mut cache: Generations<u32, u32> = Generations::new(100);
        cache.insert(0, 0, 10);
        for i in 1..1000 {
            cache.insert(i, i, 10);
            assert_eq!(cache.get(&0), Some(0), "entry 0 is used every step: it is never dropped");
            assert!(cache.len() <= 11, "at most half the bound young, half old");
        }
        assert_eq!(cache.get(&500), None, "a flood's old entries are gone");
    }
}

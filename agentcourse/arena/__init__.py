"""The capstone arena: agents scored offline on seeded tasks (agentcourse/arena/families/)."""
